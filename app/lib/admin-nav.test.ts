import { describe, expect, it } from "vitest";
import { ADMIN_NAV, sidebarCookie, sidebarExpandedFromCookie } from "./admin-nav.ts";

describe("admin sidebar", () => {
  it("lists the spec's items in order", () => {
    expect(ADMIN_NAV.map((i) => i.label)).toEqual(["Dashboard", "Pages", "Posts", "Tools", "Menu", "Ads", "SEO", "Content", "Redirects", "Users", "Settings", "Password"]);
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
