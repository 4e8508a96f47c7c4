import { describe, expect, it } from "vitest";
import { assetSecurityHeaders, baseSecurityHeaders, documentPolicy, frameAreaOf, newNonce, resourcePolicy } from "./security-headers.server.ts";

/** The policy as directive → sources. */
function parse(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name = "", ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const NONCE = "abcdefghijklmnopqrstuv";

describe("documentPolicy", () => {
  it("public page: own origin, this nonce, no plugins, framed only by the site itself", () => {
    const p = parse(documentPolicy({ nonce: NONCE, area: "public" }));
    expect(p.get("default-src")).toEqual(["'self'"]);
    expect(p.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`]);
    expect(p.get("object-src")).toEqual(["'none'"]);
    expect(p.get("base-uri")).toEqual(["'self'"]);
    expect(p.get("form-action")).toEqual(["'self'"]);
    expect(p.get("frame-ancestors")).toEqual(["'self'"]);
    expect(p.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(p.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(p.get("connect-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(p.get("frame-src")).toEqual(["'self'"]);
    expect(p.has("upgrade-insecure-requests")).toBe(false);
    expect([...p.values()].flat().join(" ")).not.toMatch(/unsafe-eval|wasm-unsafe-eval|google|\*/);
  });

  it("lets a page register our service worker and read our manifest, from our origin only (decision 049)", () => {
    const p = parse(documentPolicy({ nonce: NONCE, area: "public" }));
    // a service worker script is fetched under worker-src; the manifest under manifest-src, which falls back to default-src
    expect(p.get("worker-src")).toContain("'self'");
    expect(p.has("manifest-src")).toBe(false);
    expect(p.get("default-src")).toEqual(["'self'"]);
  });

  it("sign-in and back office may not be framed at all", () => {
    expect(parse(documentPolicy({ nonce: NONCE, area: "private" })).get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("a tool that compiles WebAssembly gets 'wasm-unsafe-eval', nothing else does", () => {
    expect(parse(documentPolicy({ nonce: NONCE, area: "public", features: { wasm: true } })).get("script-src")).toContain("'wasm-unsafe-eval'");
    expect(parse(documentPolicy({ nonce: NONCE, area: "public", features: { wasm: false } })).get("script-src")).not.toContain("'wasm-unsafe-eval'");
  });

  it("AdSense on: Google's ad hosts for scripts, frames and beacons", () => {
    const p = parse(documentPolicy({ nonce: NONCE, area: "public", features: { adsense: true } }));
    for (const d of ["script-src", "frame-src", "connect-src"]) {
      expect(p.get(d), d).toContain("https://pagead2.googlesyndication.com");
      expect(p.get(d), d).toContain("https://*.doubleclick.net");
    }
    expect(p.get("script-src")).not.toContain("https://www.googletagmanager.com");
  });

  it("analytics on: the Tag Manager and Analytics hosts for scripts and beacons only", () => {
    const p = parse(documentPolicy({ nonce: NONCE, area: "public", features: { analytics: true } }));
    expect(p.get("script-src")).toContain("https://www.googletagmanager.com");
    expect(p.get("connect-src")).toContain("https://*.google-analytics.com");
    expect(p.get("frame-src")).toEqual(["'self'"]);
    expect(p.get("script-src")).not.toContain("https://pagead2.googlesyndication.com");
  });

  it("https: upgrades stray http subresources", () => {
    expect(parse(documentPolicy({ nonce: NONCE, area: "public", https: true })).has("upgrade-insecure-requests")).toBe(true);
  });
});

describe("resource policy and base headers", () => {
  it("lets worker scripts import our modules and compile wasm, but runs no inline script", () => {
    const p = parse(resourcePolicy("public"));
    expect(p.get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(p.get("object-src")).toEqual(["'none'"]);
    expect(parse(resourcePolicy("private")).get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("sends nosniff, referrer, permissions, opener and frame options; HSTS only over https", () => {
    const http = baseSecurityHeaders({ area: "public", https: false });
    expect(http["X-Content-Type-Options"]).toBe("nosniff");
    expect(http["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(http["Permissions-Policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\).*usb=\(\)/);
    expect(http["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(http["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(http["Strict-Transport-Security"]).toBeUndefined();
    const https = baseSecurityHeaders({ area: "private", https: true });
    expect(https["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(https["X-Frame-Options"]).toBe("DENY");
  });

  it("gives hashed build files only what applies to them: the worker policy, the embedder policy an isolated page's workers need, nosniff, referrer, HSTS", () => {
    expect(assetSecurityHeaders({ https: false })).toEqual({
      "Content-Security-Policy": resourcePolicy("public"),
      "Cross-Origin-Embedder-Policy": "credentialless",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    expect(assetSecurityHeaders({ https: true })["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("treats /admin and /auth (and their data requests) as private", () => {
    for (const p of ["/admin", "/admin/users", "/admin.data", "/auth", "/auth/sign-out"]) expect(frameAreaOf(p), p).toBe("private");
    for (const p of ["/", "/tools", "/tool/dds-to-png", "/blog", "/administrator", "/authors"]) expect(frameAreaOf(p), p).toBe("public");
    // the router matches these as /admin and /auth (issue 28, finding 6)
    for (const p of ["/ADMIN/users", "/Admin.data", "/AUTH", "/%61dmin", "/%41DMIN/x", "//admin", "/admin/"]) expect(frameAreaOf(p), p).toBe("private");
  });

  it("makes 128-bit base64url nonces, different each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[\w-]{22}$/);
    expect(newNonce()).not.toBe(a);
  });
});
