import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { isFramePrivatePath } from "./site-paths.server.ts";

// The security headers of every response (docs/decisions/013-security-headers.md). Documents get a
// Content-Security-Policy with a per-response nonce, built by `documentPolicy`; everything else
// (API, assets, worker scripts, feeds) gets `resourcePolicy` from the `securityHeaders` middleware.

/** Who may frame a page: public pages their own site, sign-in and the back office nobody. */
export type FrameArea = "public" | "private";

/** What the admin has switched on, and what a page needs: each widens the document policy a little. */
export interface PolicyFeatures {
  /** AdSense enabled with a publisher id: Google's ad hosts for scripts, frames and beacons */
  adsense: boolean;
  /** a Google Analytics id is set: the Tag Manager and Analytics hosts */
  analytics: boolean;
  /** the tool on this page compiles WebAssembly on the page itself */
  wasm: boolean;
  /** the tool on this page runs threads sharing memory: the document is cross-origin isolated */
  isolated: boolean;
}

export const NO_FEATURES: PolicyFeatures = { adsense: false, analytics: false, wasm: false, isolated: false };

/**
 * What makes a document cross-origin isolated beside the opener policy every page has: other
 * origins' resources load without credentials instead of having to opt in (CORP), so images,
 * scripts and (with the `credentialless` attribute) frames of other sites keep working.
 */
export const EMBEDDER_POLICY = "credentialless";

// Hosts Google documents for AdSense (ad script, ad frames, measurement) and for gtag.js.
const ADSENSE_HOSTS = [
  "https://pagead2.googlesyndication.com",
  "https://*.googlesyndication.com",
  "https://*.doubleclick.net",
  "https://*.googleadservices.com",
  "https://*.google.com",
  "https://*.gstatic.com",
  "https://*.adtrafficquality.google",
];
const ANALYTICS_HOSTS = ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"];

/** /admin and /auth (and their resources, in any spelling the router matches) may never be framed. */
export function frameAreaOf(pathname: string): FrameArea {
  return isFramePrivatePath(pathname) ? "private" : "public";
}

const frameAncestors = (area: FrameArea) => (area === "private" ? "'none'" : "'self'");

/** X-Frame-Options for browsers without frame-ancestors, matching it. */
export const frameOptions = (area: FrameArea) => (area === "private" ? "DENY" : "SAMEORIGIN");

function serialize(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${sources.join(" ")}` : name))
    .join("; ");
}

/**
 * The policy of an HTML document. Scripts run only from our origin or with this response's nonce
 * (our inline scripts, React Router's, the admin's custom JS and ad code); styles allow inline
 * because React and Radix set style attributes; images allow https: because posts may embed
 * https images and uploads may live on S3 or a CDN.
 */
export function documentPolicy(options: { nonce: string; area: FrameArea; features?: Partial<PolicyFeatures>; https?: boolean; dev?: boolean }): string {
  const features = { ...NO_FEATURES, ...options.features };
  const extra = [...(features.adsense ? ADSENSE_HOSTS : []), ...(features.analytics ? ANALYTICS_HOSTS : [])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${options.nonce}'`, ...(features.wasm ? ["'wasm-unsafe-eval'"] : []), ...extra],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "data:", "blob:"],
    // the Vite dev server's hot reload talks over a WebSocket to another port
    // blob:/data: so a page can read back the files it made (object URLs of results, previews)
    "connect-src": ["'self'", "data:", "blob:", ...(options.dev ? ["ws:", "wss:"] : []), ...extra],
    "worker-src": ["'self'", "blob:"],
    "frame-src": features.adsense ? ["'self'", ...ADSENSE_HOSTS] : ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": [frameAncestors(options.area)],
    ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
  };
  return serialize(directives);
}

/**
 * The policy of everything that is not a document (JSON, text, assets, worker scripts). A worker
 * started from one of our script URLs takes its policy from that response, not from the page, so
 * this one lets workers import our modules, read blob:/data: URLs and compile WebAssembly (the
 * media engines run in workers); it allows no inline script and no other origin.
 */
export function resourcePolicy(area: FrameArea): string {
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "data:", "blob:"],
    "connect-src": ["'self'", "data:", "blob:"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": [frameAncestors(area)],
  });
}

/** Served documents that must never run anything: uploads and the custom sitemap. */
export const SANDBOX_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Powerful features no page of the site uses; fullscreen and clipboard keep their defaults. Only
 * names Chromium knows: an unknown one (e.g. bluetooth in Debian's build) logs a console error.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

export const HSTS = "max-age=31536000; includeSubDomains";

/** The headers every response carries, whatever produced it. */
export function baseSecurityHeaders(options: { area: FrameArea; https: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": resourcePolicy(options.area),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": frameOptions(options.area),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/**
 * The headers of hashed build files under /assets/ (scripts, styles, wasm, fonts). They are never
 * documents, so the frame, permissions and opener headers would only add bytes to every request
 * of every page (about 0.45 KB each); a script keeps the policy a worker started from it runs under.
 */
export function assetSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": resourcePolicy("public"),
    // an isolated page refuses to start a worker whose script lacks it (decision 060); a worker
    // started with it is isolated too (SharedArrayBuffer); on a script of any other page it is inert
    "Cross-Origin-Embedder-Policy": EMBEDDER_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(options.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

const BUILD_ASSET = /^\/assets\/[\w.-]+$/;

/**
 * Express middleware setting the base headers before anything answers (static files, uploads,
 * API, errors). Documents replace the Content-Security-Policy with their own; uploads with a sandbox.
 */
export function securityHeaders(options: { https: boolean }): RequestHandler {
  const asset = Object.entries(assetSecurityHeaders(options));
  const byArea = {
    public: Object.entries(baseSecurityHeaders({ area: "public", https: options.https })),
    private: Object.entries(baseSecurityHeaders({ area: "private", https: options.https })),
  };
  return (req, res, next) => {
    const headers = BUILD_ASSET.test(req.path) ? asset : byArea[frameAreaOf(req.path)];
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** 128 random bits, base64url (CSP nonces allow "-" and "_"). */
export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64url");
}
