// Embedded fonts in KF8 (issue 16): each font is a resource record of its own, a "FONT" container
// (24-byte header: magic, uncompressed size, flags, data offset, XOR key length and offset) holding
// the font zlib-compressed and not obfuscated (flags = 1). Stylesheets point at it as
// kindle:embed:XXXX without a ?mime= part, as Kindle tools write it.
import { zlibSync } from "fflate";
import type { BookResource } from "../book.ts";
import { ByteWriter } from "./mobi-bytes.ts";

/** Fonts above this size are left out: no real book font is near it. */
export const MAX_FONT_BYTES = 16 * 1024 * 1024;

const FONT_HEADER_LENGTH = 24;
const FLAG_ZLIB = 0b1;

/** Whether a resource is a font (by its media type or, failing that, its signature). */
export function isFont(resource: BookResource): boolean {
  const type = resource.mediaType.toLowerCase();
  if (type.startsWith("font/") || /^application\/(x-font-|font-|vnd\.ms-opentype)/.test(type)) return true;
  const magic = resource.data.subarray(0, 4);
  const tag = String.fromCharCode(...magic);
  return tag === "OTTO" || tag === "wOFF" || tag === "wOF2" || tag === "true" || (magic[0] === 0 && magic[1] === 1 && magic[2] === 0 && magic[3] === 0);
}

/** The FONT record of `resource`, or null when it is not a font or too big; for makeResourceRecords' `other`. */
export function fontRecord(resource: BookResource): Uint8Array | null {
  if (!isFont(resource) || resource.data.length === 0 || resource.data.length > MAX_FONT_BYTES) return null;
  const compressed = zlibSync(resource.data, { level: 9 });
  return new ByteWriter(FONT_HEADER_LENGTH + compressed.length)
    .ascii("FONT")
    .u32(resource.data.length)
    .u32(FLAG_ZLIB)
    .u32(FONT_HEADER_LENGTH)
    .u32(0)
    .u32(0)
    .bytesOf(compressed)
    .result();
}
