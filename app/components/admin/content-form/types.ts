/** One row of the admin lists. */
export interface ContentListItem {
  id: number;
  title: string;
  slug: string;
  published: boolean;
  createdAt: string;
  /** published but not public yet: when it will be, in the site time zone ("1 Dec 2026, 09:00 (UTC)") */
  scheduledFor: string | null;
}

/** The values the edit form starts from (defaults on create, the row on edit). */
export interface ContentFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  published: boolean;
  /** posts only */
  keywords?: string;
  /** posts only: the current thumbnail URL, "" for none */
  thumbnail?: string;
  /** "" for none (see app/lib/seo/content-meta.ts) */
  seoTitle: string;
  socialImage: string;
  /** posts only: the ids of its categories */
  categoryIds?: number[];
  /** posts only: the schedule control's start (see ScheduleField) */
  schedule?: ScheduleValues;
}

/** The post editor's schedule: its mode, the wall time in the site time zone, and that zone. */
export interface ScheduleValues {
  mode: "now" | "schedule";
  /** "YYYY-MM-DDTHH:mm" in `timeZone`, "" when not scheduled */
  wallTime: string;
  timeZone: string;
  /** "Scheduled for …" while the stored time is still ahead, else null */
  scheduledFor: string | null;
}
