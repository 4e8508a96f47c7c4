import { describe, expect, it } from "vitest";
import { ADMIN_NAV, adminAliasTarget, sidebarCookie, sidebarExpandedFromCookie } from "./admin-nav.ts";

describe("admin sidebar", () => {
  it("lists the spec's items in order", () => {
    expect(ADMIN_NAV.map((i) => i.label)).toEqual(["Dashboard", "Pages", "Posts", "Categories", "Media", "Tools", "Menu", "Ads", "SEO", "Content", "Redirects", "Users", "Settings", "Password"]);
  });
  it("reads the sidebar:state cookie, expanded by default", () => {
    expect(sidebarExpandedFromCookie(null)).toBe(true);
    expect(sidebarExpandedFromCookie("a=b")).toBe(true);
    expect(sidebarExpandedFromCookie("a=b; sidebar:state=false")).toBe(false);
    expect(sidebarExpandedFromCookie("sidebar:state=true; x=1")).toBe(true);
  });
  it("writes a 7-day cookie", () => {
    expect(sidebarCookie(false)).toBe("sidebar:state=false; path=/; max-age=604800; samesite=lax");
  });
});

describe("admin addresses by the sidebar's names", () => {
  it("maps /admin/posts and its sub-paths to the posts list's address", () => {
    expect(adminAliasTarget("posts")).toBe("/admin/blog");
    expect(adminAliasTarget("posts/")).toBe("/admin/blog/");
    expect(adminAliasTarget("posts/12")).toBe("/admin/blog/12");
    expect(adminAliasTarget("blog")).toBeNull();
    expect(adminAliasTarget("constructor")).toBeNull();
  });
});
