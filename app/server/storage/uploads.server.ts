import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { readImageSize, type ImageKind } from "../media/image-size.server.ts";
import { makeVariantsOffThread } from "../media/variant-worker.server.ts";
import { makeVariants, type AvifEncoder } from "../media/variants.server.ts";
import { forgetMedia, recordMedia, type MediaVariant } from "../queries/media.server.ts";
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
  /** 400: the file is at fault; 503: the storage did not take it (the file may be sent again) */
  readonly status: 400 | 503;
  constructor(message: string, status: 400 | 503 = 400) {
    super(message);
    this.status = status;
  }
}

/** The visitor's message when the storage does not take a file; the cause goes to the log. */
export const STORAGE_FAILED = "The image could not be stored: the file storage did not answer. Nothing was saved; try again in a moment.";

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

/** Where the media library records an upload (every app caller passes it; a few storage tests do not). */
export interface LibraryRecord {
  db: Kysely<Database>;
  /** the admin's user id */
  uploadedBy: string | null;
  /** the row's created_at; default now */
  now?: () => string;
  /** alt text and caption given with the upload */
  text?: { alt: string; caption: string };
  /** the AVIF encoder (tests pass one; the variants are then made on this thread); default
   * @jsquash/avif in the variant worker thread */
  encodeAvif?: AvifEncoder;
}

export interface UploadedImage {
  key: string;
  url: string;
  /** the library row, when recorded */
  mediaId?: number;
  width?: number | null;
  height?: number | null;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** "site-assets/x/ab-photo.jpg" + 480 + "avif" → "site-assets/x/ab-photo-480w.avif" */
export const variantKey = (key: string, width: number, ext: string) => `${key.replace(/\.[^./]*$/, "")}-${width}w.${ext}`;

/**
 * Smaller copies stored beside the original, made in the variant worker (`bytes` is moved there);
 * a codec failure, worker crash or time-out costs the variants, never the upload.
 */
async function storeVariants(storage: Storage, key: string, bytes: Uint8Array, kind: ImageKind, encodeAvif?: AvifEncoder): Promise<MediaVariant[]> {
  try {
    const variants = encodeAvif ? await makeVariants(bytes, kind, encodeAvif) : (await makeVariantsOffThread(bytes, kind)).variants;
    const stored: MediaVariant[] = [];
    for (const v of variants) {
      const vKey = variantKey(key, v.width, v.ext);
      await storage.disk.put(vKey, v.data, { contentType: v.mime, cacheControl: IMMUTABLE });
      stored.push({ key: vKey, width: v.width, height: v.height, mime: v.mime, bytes: v.data.length });
    }
    return stored;
  } catch (error) {
    console.warn(`[media] no smaller copies of ${key}: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/**
 * The one upload helper: checks the prefix, size and real type of an image, stores it under a
 * fresh key and returns its public URL. With `library`, it also records the image in the media
 * library with its size and stores smaller variants for srcset (decision 047).
 */
export async function uploadImage(
  storage: Storage,
  options: { prefix: UploadPrefix; file: File; maxBytes?: number; library?: LibraryRecord },
): Promise<UploadedImage> {
  const { prefix, file, library } = options;
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
  try {
    await storage.disk.put(key, bytes, { contentType: type.mime, cacheControl: IMMUTABLE });
  } catch (error) {
    // an unreachable bucket or a refused write: the admin hears it plainly, the site stays up
    console.error(`Upload of ${key} failed:`, error instanceof Error ? error.message : error);
    throw new UploadError(STORAGE_FAILED, 503);
  }
  const url = await storage.disk.getUrl(key);
  if (!library) return { key, url };

  const kind = type.ext as ImageKind;
  const size = readImageSize(bytes, kind);
  const byteLength = bytes.length; // read before the bytes move to the variant worker
  const variants = await storeVariants(storage, key, bytes, kind, library.encodeAvif);
  const mediaId = await recordMedia(library.db, {
    key,
    fileName: file.name || `image.${type.ext}`,
    mime: type.mime,
    bytes: byteLength,
    width: size?.width ?? null,
    height: size?.height ?? null,
    variants,
    alt: library.text?.alt ?? "",
    caption: library.text?.caption ?? "",
    uploadedBy: library.uploadedBy,
    createdAt: (library.now ?? (() => new Date().toISOString()))(),
  });
  return { key, url, mediaId, width: size?.width ?? null, height: size?.height ?? null };
}

/** An upload whose form then failed: its library row, file and variants go (nothing refers to them yet). */
export async function discardUpload(storage: Storage, db: Kysely<Database>, key: string): Promise<void> {
  const keys = [key, ...(await forgetMedia(db, key))];
  await Promise.all(keys.map((k) => storage.disk.delete(k).catch(() => undefined)));
}
