// Requests the Fetch API cannot represent are answered here, before any handler builds a Web
// Request from them (issue 28, finding 4: `new Request()` threw, and the visitor got a 500): a
// method this site does not serve (TRACE, CONNECT, WebDAV's...), a Host that is not a host name or
// address with an optional port, and a target that is not a path (`*`, absolute-form URLs).
import type { NextFunction, Request, Response } from "express";

/** The methods some route of this site answers; anything else is 405 with this list. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SERVED = new Set<string>(SERVED_METHODS);

// a DNS name (underscores too: container names), IPv4, or a bracketed IPv6 literal; then a port
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::(\d{1,5}))?$/;

export interface Refusal {
  status: 400 | 405;
  message: string;
}

/** Why this request cannot be served, or null when its method, Host and target are well formed. */
export function refusalOf(method: string, host: string | undefined, target: string): Refusal | null {
  if (!SERVED.has(method)) return { status: 405, message: `The method ${method} is not allowed here.` };
  // origin-form only: "*" is for OPTIONS to a proxy, absolute-form for proxies, neither is a page here
  if (!target.startsWith("/")) return { status: 400, message: "The request target must be a path." };
  if (host !== undefined && !isHost(host)) return { status: 400, message: "The Host header is not a valid host." };
  return null;
}

function isHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match || Number(match[1] ?? 0) > 65_535) return false;
  // the WHATWG parser is the one `new Request()` uses: what it cannot read would throw there
  return URL.canParse(`http://${host}/`);
}

/** Express middleware: answers a malformed request with its plain-text 4xx. */
export function refuseMalformedRequests(req: Request, res: Response, next: NextFunction): void {
  // req.host: the Host header, or X-Forwarded-Host from a trusted proxy (what toWebRequest uses)
  const refusal = refusalOf(req.method, req.host, req.originalUrl);
  if (!refusal) return next();
  if (refusal.status === 405) res.setHeader("Allow", SERVED_METHODS.join(", "));
  res.status(refusal.status).type("text/plain").set("Cache-Control", "no-store").send(refusal.message);
}
