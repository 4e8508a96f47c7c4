import { z } from "zod";
import { required, text } from "#app/lib/form-fields.ts";
import { normalizeSlug } from "#app/lib/slug.ts";

// The Categories screen's form (decision 048): add a category or change one. The browser checks with
// this schema and the action parses with it.

export const CATEGORY_LIMITS = { name: 100, slug: 100, description: 500 } as const;

export const CATEGORY_INTENTS = { create: "create", update: "update", delete: "delete" } as const;

export const CATEGORY_TEXTS = {
  created: "Category created",
  updated: "Category updated",
  deleted: "Category deleted",
  duplicateSlug: "Another category already has this slug.",
  notFound: "Category not found",
  emptySlug: "The slug needs at least one letter or digit",
} as const;

/** Name, slug (from the name when left empty; normalised like every slug) and an optional description. */
export const categoryFormSchema = z
  .object({
    name: required("Name", CATEGORY_LIMITS.name),
    slug: text(CATEGORY_LIMITS.slug),
    description: text(CATEGORY_LIMITS.description),
  })
  .transform((value, ctx) => {
    const slug = normalizeSlug(value.slug || value.name);
    if (slug === "") {
      ctx.addIssue({ code: "custom", path: ["slug"], message: CATEGORY_TEXTS.emptySlug });
      return z.NEVER;
    }
    return { ...value, slug };
  });

export type CategoryFormInput = z.infer<typeof categoryFormSchema>;
