import type { RequestHandler } from "express";
import { SHARE_TARGET_ACTION } from "#app/lib/pwa/launch-paths.ts";
import { sharedLocation } from "#app/lib/pwa/share-target-sw.ts";

/**
 * /share-target when no service worker took the share (it answers the POST on the device: see
 * app/lib/pwa/share-target-sw.ts): a 303 to the launch page, which says sharing needs the installed
 * app. The body is never read, so no shared file is received, kept or limited here, and the
 * connection is closed rather than drained. Mounted before the same-origin and body-size checks:
 * a share comes from another app (no Origin of ours), and answering it changes nothing.
 */
export const shareTargetFallback: RequestHandler = (req, res, next) => {
  if (req.path !== SHARE_TARGET_ACTION) return next();
  res.set({ Location: sharedLocation("unavailable"), "Cache-Control": "no-store" });
  if (req.method === "POST") res.set("Connection", "close");
  res.status(303).end();
};
