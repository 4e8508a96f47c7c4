import { findTool } from "#app/tools/registry.ts";

// A tool's address (issue 29, finding 1): a built-in tool's page component is bound to its slug, so
// the slug of a built-in tool never changes (its name, copy and SEO do). An alias of a built-in is
// no tool's slug: the tool page reads the built-in's row there, so a row with it would never show.
// A built-in's own slug can be taken only when it is free (the action's duplicate check): that is
// how a row renamed away from it before this rule gets its converter back.

export const BUILT_IN_SLUG_MESSAGE = "A built-in tool's address is fixed to its converter; its name, text and SEO can change.";

/** Whether a saved slug is a built-in tool's own (its converter answers there). */
export function isBuiltInSlug(slug: string): boolean {
  return findTool(slug)?.slug === slug;
}

/** Why a tool saved with `currentSlug` (undefined for a new tool) may not take `wanted`, or null (then only the duplicate check remains). */
export function toolSlugProblem(currentSlug: string | undefined, wanted: string): string | null {
  if (currentSlug !== undefined && isBuiltInSlug(currentSlug)) return wanted === currentSlug ? null : BUILT_IN_SLUG_MESSAGE;
  const owner = findTool(wanted);
  return owner && owner.slug !== wanted ? `This address is another name of a built-in tool (/tool/${owner.slug}).` : null;
}
