import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".xml": "application/xml",
};

/**
 * Map the part of a URL after /uploads/ to a file inside `root`, or null when it would leave the
 * folder, names a hidden file, or is not a well-formed path.
 */
export function resolveUploadPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".." || s.startsWith("."))) return null;
  const resolved = path.resolve(root, ...segments);
  const rootWithSep = path.resolve(root) + path.sep;
  return resolved.startsWith(rootWithSep) ? resolved : null;
}

/** GET /uploads/* for the local storage driver: right content type, long cache, no traversal. */
export function serveUploads(root: string): RequestHandler {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET, HEAD").end();
      return;
    }
    const file = resolveUploadPath(root, req.path.replace(/^\//, ""));
    const type = file ? CONTENT_TYPES[path.extname(file).toLowerCase()] : undefined;
    const stat = file && type ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!file || !type || !stat?.isFile()) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.set({
      "Content-Type": type,
      "Content-Length": String(stat.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Last-Modified": stat.mtime.toUTCString(),
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    fs.createReadStream(file).pipe(res);
  };
}
