// What the menu forms offer to link to: the site's fixed pages, its published pages and posts, its
// tools and the blog categories, each with the label a menu item would show.

export interface MenuTarget {
  label: string;
  url: string;
}

export interface MenuTargetGroup {
  label: string;
  targets: MenuTarget[];
}

/** Each list stays short enough for a select; the URL field takes anything else. */
export const MENU_TARGETS_PER_GROUP = 200;

export const SITE_TARGETS: MenuTarget[] = [
  { label: "Home", url: "/" },
  { label: "All Tools", url: "/tools" },
  { label: "Blog", url: "/blog" },
];

export function menuTargetGroups(rows: {
  pages: readonly { title: string; slug: string }[];
  posts: readonly { title: string; slug: string }[];
  tools: readonly { name: string; slug: string }[];
  categories: readonly { name: string; slug: string }[];
}): MenuTargetGroup[] {
  return [
    { label: "Site", targets: SITE_TARGETS },
    { label: "Pages", targets: rows.pages.map((p) => ({ label: p.title, url: `/page/${p.slug}` })) },
    { label: "Posts", targets: rows.posts.map((p) => ({ label: p.title, url: `/blog/${p.slug}` })) },
    { label: "Tools", targets: rows.tools.map((t) => ({ label: t.name, url: `/tool/${t.slug}` })) },
    { label: "Blog categories", targets: rows.categories.map((c) => ({ label: c.name, url: `/blog/category/${c.slug}` })) },
  ].filter((g) => g.targets.length > 0);
}
