import { describe, expect, it } from "vitest";
import { isAdminWrite, isFramePrivatePath, isPrivatePath, routePath } from "./site-paths.server.ts";

// Issue 28, finding 6: React Router decodes and ignores case; so must every rule made on a path.
describe("routePath", () => {
  it.each([
    ["/ADMIN/Blog/New.data", "/admin/blog/new.data"],
    ["/%61dmin/users", "/admin/users"],
    ["/%41DMIN", "/admin"],
    ["//admin///x", "/admin/x"],
    ["/blog/", "/blog"],
    ["/", "/"],
    ["", "/"],
    ["/tools?q=A", "/tools"],
    ["/blog/%ff", "/blog/%ff"],
  ])("%s is matched as %s", (raw, path) => expect(routePath(raw)).toBe(path));
});

describe("path rules", () => {
  const spellings = ["/admin/blog/new.data", "/ADMIN/blog/new.data", "/Admin/Blog/New.data", "/%61dmin/blog/new.data", "//admin/blog/new.data"];
  it("counts every spelling of an admin write, and no read or public path", () => {
    for (const p of spellings) expect(isAdminWrite("POST", p), p).toBe(true);
    expect(isAdminWrite("DELETE", "/ADMIN/pages/3")).toBe(true);
    expect(isAdminWrite("GET", "/ADMIN/blog")).toBe(false);
    expect(isAdminWrite("POST", "/administrator-tips")).toBe(false);
    expect(isAdminWrite("POST", "/blog/admin")).toBe(false);
  });
  it("keeps private and unframed whatever the spelling", () => {
    for (const p of spellings) {
      expect(isPrivatePath(p), p).toBe(true);
      expect(isFramePrivatePath(p), p).toBe(true);
    }
    for (const p of ["/AUTH", "/Auth?x=1", "/API/auth/get-session", "/UPLOADS/a.png", "/HealthZ", "/__manifest?p=%2Fblog&version=1"]) expect(isPrivatePath(p), p).toBe(true);
    expect(isFramePrivatePath("/AUTH")).toBe(true);
    for (const p of ["/", "/tools", "/Blog", "/authors", "/uploads-guide"]) expect(isPrivatePath(p), p).toBe(false);
  });
});
