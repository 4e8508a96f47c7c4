import crypto from "node:crypto";
import type { Storage } from "./storage.server.ts";

/** Where uploads go: site-assets (logo, icon, editor-images/, og-images/) and blog-thumbnails (the hosted buckets became prefixes). */
export const UPLOAD_PREFIXES = [
  "site-assets/",
  "site-assets/editor-images/",
  "site-assets/og-images/",
  "blog-thumbnails/",
] as const;
export type UploadPrefix = (typeof UPLOAD_PREFIXES)[number];

export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface ImageType {
  ext: string;
  mime: string;
}

export const IMAGE_TYPES = {
  png: { ext: "png", mime: "image/png" },
  jpeg: { ext: "jpg", mime: "image/jpeg" },
  gif: { ext: "gif", mime: "image/gif" },
  webp: { ext: "webp", mime: "image/webp" },
  avif: { ext: "avif", mime: "image/avif" },
  ico: { ext: "ico", mime: "image/x-icon" },
} satisfies Record<string, ImageType>;

export class UploadError extends Error {
  readonly status = 400;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** Identify an image by its bytes, never by the name or the browser's claimed type. SVG is refused (it can carry script). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return IMAGE_TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return IMAGE_TYPES.jpeg;
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return IMAGE_TYPES.gif;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return IMAGE_TYPES.webp;
  if (ascii(bytes, 4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(bytes, 8, 12))) return IMAGE_TYPES.avif;
  if (startsWith(bytes, [0, 0, 1, 0]) && bytes.length > 6 && bytes[4]! + bytes[5]! > 0) return IMAGE_TYPES.ico;
  return null;
}

const formatKb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** A name safe for a storage key: lowercase letters, digits and hyphens from the original base name. */
export function safeBaseName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, "").normalize("NFKD").toLowerCase();
  return base.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "image";
}

/**
 * The one upload helper: checks the prefix, size and real type of an image, stores it under a
 * fresh key and returns its public URL.
 */
export async function uploadImage(
  storage: Storage,
  options: { prefix: UploadPrefix; file: File; maxBytes?: number },
): Promise<{ key: string; url: string }> {
  const { prefix, file } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  if (!(UPLOAD_PREFIXES as readonly string[]).includes(prefix)) throw new UploadError(`Unknown upload folder "${prefix}".`);
  if (file.size === 0) throw new UploadError("The file is empty.");
  if (file.size > maxBytes) {
    throw new UploadError(`The file is too large (${formatKb(file.size)}). The limit is ${formatKb(maxBytes)}.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) throw new UploadError("Unsupported file type. Upload a PNG, JPEG, GIF, WebP, AVIF or ICO image.");
  const key = `${prefix}${crypto.randomBytes(6).toString("hex")}-${safeBaseName(file.name)}.${type.ext}`;
  await storage.disk.put(key, bytes, { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" });
  return { key, url: await storage.disk.getUrl(key) };
}
