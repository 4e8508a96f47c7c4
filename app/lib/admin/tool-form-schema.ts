import { z } from "zod";
import { required, text, wholeNumber } from "#app/lib/form-fields.ts";
import { normalizeSlug } from "#app/lib/slug.ts";
import { TOOL_CATEGORIES, type ToolCategory } from "#app/tools/types.ts";

// The tool form's schema (/admin/tools/new, /admin/tools/:id), without React: the form
// (app/components/admin/tools/tool-form.tsx) checks with it before posting, the action parses with it.

export const DEFAULT_TOOL_ICON = "📄";
export const META_DESCRIPTION_HINT = "150-160 characters recommended";
export const DUPLICATE_SLUG_MESSAGE = "A tool with this slug already exists.";

/**
 * A switch: "on" when on, absent when off. (Not `checkbox` from form-fields: in zod 4 its
 * union-with-undefined plus transform rejects a missing key as "expected nonoptional".)
 */
const onOff = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

export const toolFormSchema = z.object({
  name: required("Name", 200),
  // The slug follows the name in the form; whatever arrives is normalised again here.
  slug: z
    .string({ error: "Slug is required" })
    .transform(normalizeSlug)
    .pipe(z.string().min(1, "Slug is required").max(200, "At most 200 characters")),
  description: text(2000),
  category: z
    .string({ error: "Category is required" })
    .trim()
    .min(1, "Category is required")
    .refine((v): v is ToolCategory => (TOOL_CATEGORIES as readonly string[]).includes(v), "Choose one of the listed categories"),
  icon: text(32).transform((v) => v || DEFAULT_TOOL_ICON),
  search_volume: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? 0 : v), wholeNumber("Search Volume")),
  is_featured: onOff,
  content: text(500_000),
  blog_content: text(500_000),
  meta_keywords: text(1000),
  meta_description: text(1000),
});

export type ToolFormInput = z.infer<typeof toolFormSchema>;
