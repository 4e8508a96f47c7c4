import type { RequestHandler } from "express";
import { bodyLimitFor } from "#app/server/http/request-body.server.ts";

/**
 * Refuse bodies above the path's limit with 413 before anything reads them: by the declared
 * Content-Length, and for chunked bodies by counting bytes as they arrive.
 */
export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = bodyLimitFor(req.path);
    const declared = Number(req.get("content-length") ?? Number.NaN);
    const tooLarge = () => {
      if (!res.headersSent) res.status(413).type("text/plain").send(`The request is too large (the limit here is ${Math.round(limit / 1024)} KB).`);
    };
    if (Number.isFinite(declared)) return declared > limit ? tooLarge() : next();
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        tooLarge();
        req.destroy();
      }
    });
    next();
  };
}
