// The blog's categories are a table the owner manages (decision 048; app/server/queries/categories.server.ts).

/** A category's public page, and its feed beside it. */
export const categoryPath = (slug: string) => `/blog/category/${slug}`;
export const categoryFeedPath = (slug: string) => `${categoryPath(slug)}/rss.xml`;

/** The spec's three fixed Related Posts links: shown only when no post relates to the one read. */
export const RELATED_POST_LINKS = [
  { slug: "productivity-tips", title: "Productivity Tips" },
  { slug: "tool-comparison", title: "Tool Comparison" },
  { slug: "security-best-practices", title: "Security Best Practices" },
] as const;

/** What a post page lists as related: the posts that relate, else the fixed links, never the post itself. */
export function relatedPostLinks(related: readonly { slug: string; title: string }[], currentSlug: string): { slug: string; title: string }[] {
  const links = related.length > 0 ? related : RELATED_POST_LINKS;
  return links.filter((l) => l.slug !== currentSlug).map(({ slug, title }) => ({ slug, title }));
}

export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
