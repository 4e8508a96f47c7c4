/** The admin sidebar, in order. `path` is under /admin. */
export const ADMIN_NAV = [
  { path: "dashboard", label: "Dashboard", icon: "LayoutDashboard" },
  { path: "pages", label: "Pages", icon: "FileText" },
  { path: "blog", label: "Posts", icon: "Newspaper" },
  { path: "categories", label: "Categories", icon: "Tags" },
  { path: "media", label: "Media", icon: "Images" },
  { path: "tools", label: "Tools", icon: "Wrench" },
  { path: "menu", label: "Menu", icon: "Menu" },
  { path: "ads", label: "Ads", icon: "Megaphone" },
  { path: "seo", label: "SEO", icon: "Search" },
  { path: "content", label: "Content", icon: "LayoutTemplate" },
  { path: "redirects", label: "Redirects", icon: "Redo2" },
  { path: "users", label: "Users", icon: "Users" },
  { path: "settings", label: "Settings", icon: "Settings" },
  { path: "password", label: "Password", icon: "KeyRound" },
] as const;

/**
 * Sidebar items whose address is not their label's (the spec keeps /admin/blog for "Posts"): the
 * label's address redirects to the screen, so every screen answers by the name the sidebar shows.
 */
export const ADMIN_NAV_ALIASES = { posts: "blog" } as const satisfies Record<string, (typeof ADMIN_NAV)[number]["path"]>;

/** The admin address an alias path (below /admin, e.g. "posts/12") stands for, or null. */
export function adminAliasTarget(pathBelowAdmin: string): string | null {
  const [first = "", ...rest] = pathBelowAdmin.split("/");
  const target = Object.hasOwn(ADMIN_NAV_ALIASES, first) ? ADMIN_NAV_ALIASES[first as keyof typeof ADMIN_NAV_ALIASES] : null;
  return target === null ? null : ["/admin", target, ...rest].join("/");
}

export const SIDEBAR_COOKIE = "sidebar:state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Expanded unless the cookie says "false". */
export function sidebarExpandedFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar:state=([^;]*)/);
  return match?.[1] !== "false";
}

export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}
