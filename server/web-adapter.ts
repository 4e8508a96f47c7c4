import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * An Express request as a Web Request (the shape React Router and better-auth handle), at
 * `pathAndQuery` when the server rewrote its target.
 */
export function toWebRequest(req: ExpressRequest, res: ExpressResponse, pathAndQuery = req.originalUrl): Request {
  // the address the visitor used: Host, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY);
  // React Router's action guard compares it with Origin, so a proxy that rewrites Host still works
  const url = `${req.protocol}://${req.host ?? "localhost"}${pathAndQuery}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/** Write a Web Response to Express, streaming its body. */
export async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
  } catch (error) {
    if (!res.destroyed) throw error;
  }
}
