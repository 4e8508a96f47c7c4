// PNG chunk walk (PNG spec §5, §11): every chunk's length is checked against the file and its
// CRC verified. Keeps what decoding needs: the palette, the transparency chunk and the image data
// (IDAT chunks, which must be consecutive, joined into one buffer for ./inflate.ts). Ancillary
// chunks (lowercase first letter), including APNG's acTL, fcTL and fdAT, are skipped, so an
// animated PNG decodes to its default image; an unknown critical chunk is refused.
import { crc32 } from "./crc32.ts";
import { PngError } from "./errors.ts";
import type { PngHeader } from "./decode.ts";

export interface PngChunks {
  /** PLTE entries as RGB triples (1 to 256 of them), or null. */
  palette: Uint8Array | null;
  /** The tRNS chunk's bytes (palette alphas, or a grey or RGB colour key), or null. */
  transparency: Uint8Array | null;
  /** The joined IDAT data, then `padding` zero bytes. */
  data: Uint8Array;
  /** Bytes of IDAT data in `data`. */
  dataLength: number;
}

const IHDR = 0x49484452;
const PLTE = 0x504c5445;
const TRNS = 0x74524e53;
const IDAT = 0x49444154;
const IEND = 0x49454e44;

const damaged = (what: string) => new PngError(`This PNG file is damaged: ${what}.`, "corrupt");

/** The chunks of a PNG whose signature and IHDR (`header`) were already read. Throws PngError. */
export function readChunks(bytes: Uint8Array, header: PngHeader, padding: number): PngChunks {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  let idatLength = 0;
  let idatDone = false;
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) throw new PngError("This PNG file is truncated: it ends before its IEND chunk.", "truncated");
    const length = view.getUint32(at);
    const type = view.getUint32(at + 4);
    const name = chunkName(bytes, at + 4);
    if (name.includes("?")) throw damaged("it has a chunk whose type is not four letters");
    if (length > 0x7fffffff) throw damaged(`its ${name} chunk declares an impossible length`);
    if (at + 12 + length > bytes.length) throw new PngError(`This PNG file is truncated: it ends inside its ${name} chunk.`, "truncated");
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) throw damaged(`the checksum of its ${name} chunk does not match`);
    const body = bytes.subarray(at + 8, at + 8 + length);
    const first = at === 8;
    at += 12 + length;
    if (type === IDAT) {
      if (idatDone) throw damaged("its image data (IDAT chunks) is split by other chunks");
      if (header.colorType === 3 && !palette) throw damaged("it has no palette (PLTE chunk) before its image data");
      idat.push(body);
      idatLength += length;
      continue;
    }
    if (idat.length > 0) idatDone = true;
    if (type === IEND) break;
    if (type === PLTE) {
      if (idat.length > 0 || palette) throw damaged("its palette (PLTE chunk) is repeated or comes after the image data");
      if (length === 0 || length % 3 !== 0 || length > 768) throw damaged("its palette (PLTE chunk) has an impossible length");
      palette = body;
    } else if (type === TRNS) {
      // misplaced transparency is ignored, as libpng does
      if (idat.length === 0 && (header.colorType !== 3 || palette)) transparency = body;
    } else if (type === IHDR) {
      if (!first) throw damaged("it has a second IHDR header");
    } else if (!((type >>> 24) & 0x20)) {
      throw damaged(`it has a chunk this decoder does not know (${name}) that is marked as needed to show the image`);
    }
  }
  if (idat.length === 0) throw damaged("it has no image data (IDAT chunk)");
  const data = new Uint8Array(idatLength + padding);
  let offset = 0;
  for (const part of idat) {
    data.set(part, offset);
    offset += part.length;
  }
  return { palette, transparency, data, dataLength: idatLength };
}

/** The chunk type's four letters, for messages ("?" for bytes that are not letters). */
function chunkName(bytes: Uint8Array, at: number): string {
  let name = "";
  for (let i = 0; i < 4; i++) {
    const c = bytes[at + i]!;
    name += (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? String.fromCharCode(c) : "?";
  }
  return name;
}
