import { z } from "zod";
import { required, text } from "#app/lib/form-fields.ts";
import { onOff as checkbox } from "./site-settings-forms.ts";

// The Content Management screen: content_sections per page key; a new one is inserted as 'New Section'.

/** The page keys the public site reads (home and /tools SEO articles). */
export const CONTENT_PAGE_KEYS = ["home_seo", "tools_seo"] as const;
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];
export const PAGE_KEY_LABELS: Record<string, string> = { home_seo: "Home page (home_seo)", tools_seo: "All Tools page (tools_seo)" };

export const NEW_SECTION = { title: "New Section", content: "Add your content here...", published: true } as const;

export const CONTENT_TEXTS = {
  saved: "Content section saved successfully",
  saveFailed: "Failed to save content section",
  loadFailed: "Failed to load content sections",
  deleted: "Content section deleted successfully",
  confirmDelete: "Are you sure you want to delete this content section?",
} as const;

export const contentSectionSchema = z.object({
  title: required("Title", 200),
  content: text(1_000_000),
  published: checkbox,
});

export const newSectionSchema = z.object({
  page_key: z.enum(CONTENT_PAGE_KEYS, { error: "Choose a page" }),
});
