/**
 * DDS decoder entry points: `parseDds` (headers, format, surface layout) and `decodeDds`
 * (one surface to RGBA8). Every failure is a DdsError (./errors).
 *
 * Selection: `level` (mip, 0 = largest), `face` (cube face among those stored, in the order
 * +X, -X, +Y, -Y, +Z, -Z) and `slice` (array element of a texture array, or depth slice of a
 * volume texture at the chosen level). sRGB formats return their stored bytes, already
 * sRGB-encoded for display (info.srgb is true). HDR formats (half/float, BC6H) are tone-mapped,
 * see ./uncompressed for the operators.
 */
import { decodeBlocksFloat, decodeBlocksRgba8 } from "./block.ts";
import { decodeDdsWith, type DecodeDdsOptions, type DecodedImage } from "./container.ts";

export { parseDds, selectSurface } from "./container.ts";
export type { DdsInfo, DdsSurface, DecodeDdsOptions, DecodedImage } from "./container.ts";

const BLOCKS = { decodeBlocksRgba8, decodeBlocksFloat };

/** Decodes one surface of a DDS file to RGBA8. Throws DdsError. */
export function decodeDds(bytes: Uint8Array, options: DecodeDdsOptions = {}): DecodedImage {
  return decodeDdsWith(bytes, options, BLOCKS);
}
