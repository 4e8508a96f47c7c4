import { z } from "zod";

/** The Posts screen's feed form: what each feed item carries (the setting feed_full_content). */
export const FEED_CONTENT_OPTIONS = [
  { value: "excerpt", label: "The excerpt" },
  { value: "full", label: "The full post" },
] as const;

export const FEED_INTENT = "feed-content";
export const FEED_SAVED = "Feed settings saved";

export const feedFormSchema = z.object({ feedContent: z.enum(["excerpt", "full"], { message: "Choose what feed items carry." }) });
