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

// One formatter for every date on a page, made on first use: toLocaleDateString builds a new one per
// call, 7-10 ms each on a phone, which a list of ten posts paid during hydration (issue 33).
let postDateFormat: Intl.DateTimeFormat | undefined;

export function formatPostDate(iso: string): string {
  postDateFormat ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return postDateFormat.format(new Date(iso));
}
