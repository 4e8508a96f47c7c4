import { describe, expect, it } from "vitest";
import { findLoop, normaliseSource, normaliseTarget, parseRedirectCsv, redirectLocation, redirectsToCsv, ruleProblem } from "./rules.server.ts";

describe("redirect sources and targets", () => {
  it("compares sources in the router's form (case, escapes, slashes)", () => {
    expect(normaliseSource("/Blog/Old-Post/")).toBe("/blog/old-post");
    expect(normaliseSource("/%62log//old?x=1")).toBe("/blog/old");
  });
  it("refuses sources that are not site paths", () => {
    for (const bad of ["blog/x", "//evil.example/x", "https://a.example/x", "/", "/a b", ""]) expect(normaliseSource(bad)).toBeNull();
  });
  it("keeps paths and http(s) URLs as targets, nothing else", () => {
    expect(normaliseTarget(" /blog/new?x=1 ")).toBe("/blog/new?x=1");
    expect(normaliseTarget("https://example.org/a")).toBe("https://example.org/a");
    for (const bad of ["//evil.example", "javascript:alert(1)", "blog/new", ""]) expect(normaliseTarget(bad)).toBeNull();
  });
  it("passes the request's query on when the target has none", () => {
    expect(redirectLocation("/blog/new", "?utm=x")).toBe("/blog/new?utm=x");
    expect(redirectLocation("/blog/new?a=1", "?utm=x")).toBe("/blog/new?a=1");
  });
});

describe("loop detection", () => {
  const rules = new Map([
    ["/a", "/b"],
    ["/b", "/C/"],
    ["/x", "/y"],
    ["/y", "/x"],
  ]);
  it("finds a chain that comes back to the new rule's source (in the router's form)", () => {
    expect(findLoop(rules, "/c", "/a")).toEqual(["/c", "/a", "/b", "/c"]);
    expect(ruleProblem(rules, "/c", "/a")).toMatchObject({ reason: "loop" });
  });
  it("refuses a rule pointing at itself", () => {
    expect(ruleProblem(rules, "/self", "/Self/")).toMatchObject({ reason: "same" });
  });
  it("lets a chain that ends, leaves the site or meets another loop through", () => {
    expect(findLoop(rules, "/d", "/a")).toBeNull();
    expect(findLoop(rules, "/d", "https://example.org/c")).toBeNull();
    expect(findLoop(rules, "/d", "/x")).toBeNull();
  });
});

describe("CSV import and export", () => {
  it("round-trips an export, quoting what needs it", () => {
    const csv = redirectsToCsv([{ from: "/a", to: "/b?x=1,2", status: 302, hits: 4, lastHitAt: "2026-11-28T00:00:00.000Z" }]);
    expect(csv).toBe('from,to,status,hits,last_hit\r\n/a,"/b?x=1,2",302,4,2026-11-28T00:00:00.000Z\r\n');
    expect(parseRedirectCsv(csv)).toEqual([{ line: 2, from: "/a", to: "/b?x=1,2", status: 302 }]);
  });
  it("takes from,to[,status] lines without a header and reports bad lines by number", () => {
    expect(parseRedirectCsv("/Old,/new\n\nnope,/x\n/a,/b,307\n")).toEqual([
      { line: 1, from: "/old", to: "/new", status: 301 },
      { line: 2, error: expect.stringContaining("not a site path") },
      { line: 3, error: expect.stringContaining("301 or 302") },
    ]);
  });
});
