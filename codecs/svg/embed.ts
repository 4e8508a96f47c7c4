// Embed mode: an SVG 1.1 document whose only content is the decoded image as a PNG data: URL, at
// its own size. Lossless by construction: the pixels are whatever PNG the caller encoded.
import { base64Encode } from "./base64.ts";
import { SvgError } from "./errors.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A JavaScript string holds at most ~512 M characters; base64 grows the PNG by 4/3, plus room for the rest. */
export const MAX_EMBEDDED_PNG_BYTES = 300 * 1024 * 1024;

/**
 * The largest PNG whose SVG librsvg still opens: libxml2 stops reading a document at 10 MB, and
 * base64 makes 4 characters of every 3 bytes. Above it, embedders compress harder first.
 */
export const PNG_BYTES_FOR_SVG_READERS = 7_400_000;

/** Width and height from a PNG's IHDR chunk (which must come first), or an SvgError. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  if (png.length < 33 || PNG_SIGNATURE.some((byte, i) => png[i] !== byte)) {
    throw new SvgError("The image to embed is not a PNG file (its signature is missing).", "bad-png");
  }
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunkType = String.fromCharCode(png[12]!, png[13]!, png[14]!, png[15]!);
  if (view.getUint32(8) !== 13 || chunkType !== "IHDR") {
    throw new SvgError("The image to embed is not a valid PNG file (its first chunk is not IHDR).", "bad-png");
  }
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * An SVG of `width` × `height` user units (viewBox, width and height alike) holding `png` in an
 * `<image xlink:href="data:image/png;base64,...">`. The PNG's own size must match.
 */
export function svgEmbeddingPng(png: Uint8Array, width: number, height: number): string {
  if (!isPositiveInteger(width) || !isPositiveInteger(height)) {
    throw new SvgError(`The image size ${width} × ${height} is not a positive whole number of pixels.`, "bad-option");
  }
  const size = pngSize(png);
  if (size.width !== width || size.height !== height) {
    throw new SvgError(`The PNG is ${size.width} × ${size.height} pixels, not the ${width} × ${height} expected.`, "bad-png");
  }
  if (png.length > MAX_EMBEDDED_PNG_BYTES) {
    const mb = Math.round(png.length / (1024 * 1024));
    throw new SvgError(`The image is too large to embed in an SVG (${mb} MB as PNG; the limit is 300 MB). Try the Trace mode.`, "too-large");
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" ` +
    `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<image x="0" y="0" width="${width}" height="${height}" xlink:href="data:image/png;base64,${base64Encode(png)}"/>\n` +
    "</svg>\n"
  );
}

function isPositiveInteger(value: number): boolean {
  return Number.isInteger(value) && value > 0;
}
