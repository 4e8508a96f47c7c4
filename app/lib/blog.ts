/** The blog sidebar's fixed category links. */
export const BLOG_CATEGORIES = [
  { slug: "productivity", name: "Productivity" },
  { slug: "tools", name: "Tools" },
  { slug: "tutorials", name: "Tutorials" },
  { slug: "news", name: "News" },
] as const;

/** The three fixed Related Posts links of a post page. */
export const RELATED_POST_LINKS = [
  { slug: "productivity-tips", title: "Productivity Tips" },
  { slug: "tool-comparison", title: "Tool Comparison" },
  { slug: "security-best-practices", title: "Security Best Practices" },
] as const;

export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
