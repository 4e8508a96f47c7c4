import { describe, expect, it } from "vitest";
import { canonicalTarget } from "./canonical-url.ts";

// Issue 28, findings 5 and 6: one URL per public page, so spellings cannot multiply renders.
describe("canonicalTarget", () => {
  it.each(["/", "/tools", "/tools?q=png", "/blog?page=2", "/blog/category/tips?page=3", "/tool/dds-to-png", "/blog/some-post", "/sitemap.xml", "/open?shared=1"])(
    "%s is canonical",
    (url) => expect(canonicalTarget(url)).toEqual({ kind: "canonical" }),
  );

  it.each([
    ["/?x=1", "/"],
    ["/?utm_source=mail&x=2", "/"],
    ["/tools?q=png&x=1", "/tools?q=png"],
    ["/tools?q=", "/tools"],
    ["/tools?q=a%20b", "/tools?q=a+b"],
    ["/blog?page=2&page=3", "/blog?page=2"],
    ["/blog/some-post?page=2", "/blog/some-post"],
    ["/open?shared=1&utm_source=share", "/open?shared=1"],
    ["/BLOG", "/blog"],
    ["/Tool/DDS-to-PNG", "/tool/dds-to-png"],
    ["/blog/", "/blog"],
    ["//blog", "/blog"],
    ["/%62log?page=2", "/blog?page=2"],
    [`/tools?q=${"a".repeat(300)}`, `/tools?q=${"a".repeat(200)}`],
  ])("%s redirects to %s", (url, location) => expect(canonicalTarget(url)).toEqual({ kind: "redirect", location }));

  it("rewrites data requests instead of redirecting them, keeping React Router's _routes", () => {
    expect(canonicalTarget("/_root.data?_routes=routes%2Fsite%2Fhome")).toEqual({ kind: "canonical" });
    expect(canonicalTarget("/blog.data?page=2&_routes=x")).toEqual({ kind: "canonical" });
    expect(canonicalTarget("/_root.data?x=1")).toEqual({ kind: "rewrite", pathAndQuery: "/_root.data" });
    expect(canonicalTarget("/tools.data?q=a&utm=1")).toEqual({ kind: "rewrite", pathAndQuery: "/tools.data?q=a" });
  });

  it("keeps a tool page's query in the address but renders and caches the page without it (issue 30)", () => {
    expect(canonicalTarget("/tool/png-to-dds-converter?format=bc7&quality=best&mips=1")).toEqual({ kind: "rewrite", pathAndQuery: "/tool/png-to-dds-converter" });
    expect(canonicalTarget("/tool/png-to-dds-converter?anything=else")).toEqual({ kind: "rewrite", pathAndQuery: "/tool/png-to-dds-converter" });
    expect(canonicalTarget("/Tool/PNG-to-DDS-converter?format=bc7")).toEqual({ kind: "redirect", location: "/tool/png-to-dds-converter?format=bc7" });
    expect(canonicalTarget(`/tool/x?q=${"a".repeat(1000)}`)).toEqual({ kind: "redirect", location: "/tool/x" });
    // React Router's data requests of a tool page read no query: dropped as before
    expect(canonicalTarget("/tool/x.data?format=bc7")).toEqual({ kind: "rewrite", pathAndQuery: "/tool/x.data" });
    expect(canonicalTarget("/tools/x?format=bc7")).toEqual({ kind: "redirect", location: "/tools/x" });
  });

  it("leaves paths that no public route can match as sent (they are 404s)", () => {
    expect(canonicalTarget("/blog/%ff")).toEqual({ kind: "canonical" });
    expect(canonicalTarget("/blog/caf%C3%A9")).toEqual({ kind: "canonical" });
    expect(canonicalTarget("/blog/caf%C3%A9?x=1")).toEqual({ kind: "redirect", location: "/blog/caf%C3%A9" });
  });

  it("is stable: a canonical URL's target is itself", () => {
    for (const url of ["/?x=1", "/tools?q=a%20b&z", "/BLOG/?page=2"]) {
      const first = canonicalTarget(url);
      expect(first.kind).toBe("redirect");
      if (first.kind === "redirect") expect(canonicalTarget(first.location)).toEqual({ kind: "canonical" });
    }
  });
});

describe("READ_PARAMS", () => {
  it("names every query parameter a public loader reads (a new one must be listed or it is redirected away)", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const roots = ["app/routes/site", "app/server/blog", "app/server/queries"];
    const files = roots.flatMap((root) => fs.readdirSync(root, { recursive: true, encoding: "utf8" }).map((f) => path.join(root, f)));
    const read = new Set<string>();
    for (const file of files.filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(/searchParams\.(?:get|getAll|has)\("([^"]+)"\)/g)) read.add(m[1]!);
    }
    const { READ_PARAMS } = await import("./canonical-url.ts");
    expect([...read].toSorted()).toEqual([...new Set(READ_PARAMS.flatMap((rule) => rule.params))].toSorted());
  });
});
