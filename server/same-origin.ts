import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from another site (CSRF). Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on all requests; clients that send neither are not browsers
 * acting for a signed-in visitor.
 */
export function isCrossSiteWrite(
  method: string,
  headers: { origin?: string | null; secFetchSite?: string | null },
  allowedOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (headers.origin) return !allowedOrigins.includes(headers.origin);
  return headers.secFetchSite === "cross-site";
}

export function sameOriginWrites(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const cross = isCrossSiteWrite(
      req.method,
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
      allowedOrigins,
    );
    if (!cross) return next();
    res.status(403).type("text/plain").send("Cross-site request refused: this form must be sent from the site itself.");
  };
}
