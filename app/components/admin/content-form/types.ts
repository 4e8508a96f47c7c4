/** One row of the admin lists. */
export interface ContentListItem {
  id: number;
  title: string;
  slug: string;
  published: boolean;
  createdAt: string;
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
}
