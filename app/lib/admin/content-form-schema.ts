import { z } from "zod";
import { required, text } from "#app/lib/form-fields.ts";
import { isWallTime } from "#app/lib/schedule.ts";
import { isMenuUrl } from "#app/lib/admin/menu-form.ts";
import { normalizeSlug } from "#app/lib/slug.ts";

// What the blog post and static page forms (Manage Blog Posts and Manage Pages) are made of, without
// React: one schema per form (the browser checks with it, the route action parses with it), their
// wording and limits. The form itself is app/components/admin/content-form/content-form.tsx.

export type ContentKind = "post" | "page";

/** The product's wording for each kind of content: confirmations and toasts. */
export const CONTENT_TEXTS = {
  post: {
    noun: "Post",
    listTitle: "Manage Blog Posts",
    listSubtitle: "Every post, newest first. Only published posts appear on the blog.",
    listPath: "/admin/blog",
    addLabel: "Add Post",
    newTitle: "Add Post",
    editTitle: "Edit Post",
    empty: "No posts yet.",
    created: "Post created successfully",
    updated: "Post updated successfully",
    deleted: "Post deleted successfully",
    confirmDelete: "Are you sure you want to delete this post?",
    duplicateSlug: "A post with this slug already exists.",
    notFound: "Post",
    publicPath: (slug: string) => `/blog/${slug}`,
  },
  page: {
    noun: "Page",
    listTitle: "Manage Pages",
    listSubtitle: "Every static page, newest first. Only published pages are public.",
    listPath: "/admin/pages",
    addLabel: "Add Page",
    newTitle: "Add Page",
    editTitle: "Edit Page",
    empty: "No pages yet.",
    created: "Page created successfully",
    updated: "Page updated successfully",
    deleted: "Page deleted successfully",
    confirmDelete: "Are you sure you want to delete this page?",
    duplicateSlug: "A page with this slug already exists.",
    notFound: "Page",
    publicPath: (slug: string) => `/page/${slug}`,
  },
} as const satisfies Record<ContentKind, unknown>;

/** Hidden `intent` values of the list screens and the edit form. */
export const INTENT = { save: "save", delete: "delete" } as const;

/** Form field names that are not schema fields. */
export const THUMBNAIL_FILE_FIELD = "thumbnailFile";

export const LIMITS = { title: 200, slug: 200, excerpt: 1_000, keywords: 1_000, content: 1_000_000, seoTitle: 200, socialImage: 2_000, categories: 200 } as const;

/** The thumbnail upload limit (the server's default upload limit, stated for the hint). */
export const THUMBNAIL_MAX_MB = 5;

export const KEYWORDS_HINT = "Comma separated. Shown to search engines and used to find related posts; the categories are chosen below.";

export const SEO_TITLE_HINT = "Used in the browser tab, search results and social cards instead of the title (the page still shows the title). Leave empty to use the title.";
export const SOCIAL_IMAGE_HINT = "The picture of social cards (og:image). Leave empty to use the thumbnail, or else the site's default image.";
export const SOCIAL_IMAGE_MESSAGE = "Use a path on this site starting with / or a full http(s) URL";
const MAX_ID = 2_147_483_647;

/**
 * A switch: posts "on" when on and nothing when off. (Not `checkbox` from form-fields: with zod 4 a
 * union with undefined is not an optional key, so an absent switch failed as "expected nonoptional".)
 */
const switchOn = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** A slug as typed: required, then normalised. Something like "!!!" normalises to nothing and is refused. */
const slugField = required("Slug", LIMITS.slug)
  .transform(normalizeSlug)
  .pipe(z.string().min(1, "The slug needs at least one letter or digit"));

/** "a, b ,, c" → "a, b, c": trimmed, empty entries dropped. */
export function normalizeKeywords(value: string): string {
  return value
    .split(",")
    .map((k) => k.trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .join(", ");
}

/** The categories a post is in: the ticked checkboxes' ids (none, one or many). */
const categoryIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(
    z
      .array(z.string().regex(/^\d{1,10}$/, "Choose categories from the list").transform(Number).pipe(z.number().int().min(1, "Choose categories from the list").max(MAX_ID, "Choose categories from the list")))
      .max(LIMITS.categories, `At most ${LIMITS.categories} categories`),
  )
  .transform((ids) => [...new Set(ids)]);

const baseFields = {
  title: required("Title", LIMITS.title),
  slug: slugField,
  excerpt: text(LIMITS.excerpt),
  content: text(LIMITS.content),
  published: switchOn,
  seoTitle: text(LIMITS.seoTitle),
  socialImage: text(LIMITS.socialImage).refine((v) => v === "" || isMenuUrl(v), SOCIAL_IMAGE_MESSAGE),
};

export const pageFormSchema = z.object(baseFields);

/** The post editor's schedule control (ScheduleField): publish as soon as published, or from a time. */
export const PUBLISH_MODE = { now: "now", schedule: "schedule" } as const;
export const SCHEDULE_TIME_MESSAGE = "Choose the date and time to publish at";

const scheduleFields = {
  publishMode: z
    .enum([PUBLISH_MODE.now, PUBLISH_MODE.schedule], { error: "Choose Publish now or Schedule" })
    .optional()
    .transform((v) => v ?? PUBLISH_MODE.now),
  /** the wall time in the site time zone, as the datetime input sends it; the server makes it UTC */
  publishAt: z
    .string()
    .max(40)
    .optional()
    .transform((v) => v?.trim() ?? ""),
};

export const postFormSchema = z
  .object({
    ...baseFields,
    keywords: text(LIMITS.keywords).transform(normalizeKeywords),
    categories: categoryIds,
    removeThumbnail: switchOn,
    ...scheduleFields,
  })
  .superRefine((input, ctx) => {
    if (input.publishMode === PUBLISH_MODE.schedule && !isWallTime(input.publishAt)) {
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: SCHEDULE_TIME_MESSAGE });
    }
  });

export type PageFormInput = z.infer<typeof pageFormSchema>;
export type PostFormInput = z.infer<typeof postFormSchema>;

/**
 * The slug after the title changes: it follows the title only while creating and only
 * until the admin has edited the slug field by hand; when editing it never follows.
 */
export function slugAfterTitleChange(state: { creating: boolean; slugEditedByHand: boolean; slug: string }, title: string): string {
  return state.creating && !state.slugEditedByHand ? normalizeSlug(title) : state.slug;
}
