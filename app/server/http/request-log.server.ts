// One JSON line per answered request on stdout (pino), with the request's id: the proxy's
// X-Request-Id when it sent a sane one, else a new UUID; the id goes back in the answer's header so
// a visitor's report, the proxy's log and ours meet (issue 32). The same hook feeds /metrics.
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { pino, type Logger } from "pino";
import { metrics, routeKind } from "./metrics.server.ts";

/** An id a proxy may hand over: short, and nothing a log reader's terminal would interpret. */
const PROXY_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(header: string | undefined): string {
  return header && PROXY_ID.test(header) ? header : randomUUID();
}

/** LOG_LEVEL (pino's levels; "silent" turns the request lines off). Tests keep the server quiet. */
export function createLogger(level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info")): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

/** The middleware: id in, id out, one line and the metrics once the answer is sent (or the client left). */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const id = requestIdOf(req.get("x-request-id"));
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // the path only: a query can hold an e-mail address or a reset token
      const path = req.path;
      const kind = routeKind(path);
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.request(kind, req.method, status, seconds);
      logger.info({ reqId: id, method: req.method, path, kind, status, ms: Math.round(seconds * 10_000) / 10 }, "request");
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
