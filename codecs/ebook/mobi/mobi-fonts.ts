// KF8's embedded fonts: a FONT record holds a 24-byte header (magic, unpacked size, flags, data
// offset, XOR key length and offset), then the font, zlib-compressed (flag 1) and its first 1040
// bytes XOR-obfuscated with the key (flag 2). The font is unpacked with a cap at its declared size.
import { Unzlib } from "fflate";

/** A real font is a few MB at most (CJK fonts reach ~20 MB). */
const MAX_FONT_BYTES = 32 * 1024 * 1024;
const OBFUSCATED_BYTES = 1040;
const INFLATE_STEP = 64 * 1024;

export interface KindleFont {
  data: Uint8Array;
  mediaType: string;
  extension: string;
}

/** The font of a FONT record, or undefined when it cannot be unpacked (the caller notes it). */
export function readFontRecord(record: Uint8Array): KindleFont | undefined {
  if (record.length < 24) return undefined;
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  const size = view.getUint32(4);
  const flags = view.getUint32(8);
  const start = view.getUint32(12);
  const keyLength = view.getUint32(16);
  const keyStart = view.getUint32(20);
  if (start > record.length || size > MAX_FONT_BYTES) return undefined;
  let data = record.slice(start);
  if (flags & 2) {
    if (keyLength === 0 || keyStart + keyLength > record.length) return undefined;
    const key = record.subarray(keyStart, keyStart + keyLength);
    for (let i = 0; i < Math.min(OBFUSCATED_BYTES, data.length); i++) data[i]! ^= key[i % keyLength]!;
  }
  if (flags & 1) {
    const out = new Uint8Array(size);
    const state = { produced: 0, overflow: false, ended: false };
    const inflater = new Unzlib((chunk, final) => {
      if (state.produced + chunk.length > size) {
        state.overflow = true;
        throw new RangeError("font past its declared size");
      }
      out.set(chunk, state.produced);
      state.produced += chunk.length;
      if (final) state.ended = true;
    });
    try {
      for (let at = 0; at < data.length && !state.ended; at += INFLATE_STEP) {
        const end = Math.min(data.length, at + INFLATE_STEP);
        inflater.push(data.subarray(at, end), end === data.length);
      }
    } catch {
      return undefined;
    }
    if (state.produced !== size) return undefined;
    data = out;
  }
  const magic = String.fromCharCode(...data.subarray(0, 4));
  if (magic === "OTTO") return { data, mediaType: "font/otf", extension: "otf" };
  if (magic === "\u0000\u0001\u0000\u0000" || magic === "true") return { data, mediaType: "font/ttf", extension: "ttf" };
  if (magic === "wOFF") return { data, mediaType: "font/woff", extension: "woff" };
  if (magic === "wOF2") return { data, mediaType: "font/woff2", extension: "woff2" };
  return undefined;
}
