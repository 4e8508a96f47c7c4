import { describe, expect, it } from "vitest";
import { ADMIN_NAV } from "#app/lib/admin-nav.ts";
import { ADMIN_ROUTES } from "../support/admin-routes.ts";

// Issue 29: "/admin/posts" (the sidebar says "Posts") was the public 404.
describe("every admin screen answers by the name the sidebar shows", () => {
  const paths = ADMIN_ROUTES.map((r) => r.path);
  const answers = (address: string) => paths.some((p) => p === address || (p.endsWith("/*") && (address === p.slice(0, -2) || address.startsWith(p.slice(0, -1)))));
  it.each(ADMIN_NAV.map((item) => [item.label, item.path] as const))("%s", (label, screen) => {
    expect(answers(`admin/${screen}`)).toBe(true);
    expect(answers(`admin/${label.toLowerCase().replace(/\s+/g, "-")}`)).toBe(true);
  });
});
