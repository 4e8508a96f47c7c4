// An uploaded image's displayed size, read from its header without decoding (the media library
// stores it so the public pages can give every image width and height and never shift the layout).
import { probeAvif } from "#codecs/avif/probe.ts";
import { swapsAxes } from "#codecs/image/orient.ts";
import { jpegOrientation } from "#codecs/jpeg/exif-orientation.ts";
import { jpegSize } from "#codecs/jpeg/jpeg-size.ts";

export type ImageKind = "png" | "jpg" | "gif" | "webp" | "avif" | "ico";
export interface ImageSize {
  width: number;
  height: number;
}

const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = ascii(b, 12, 16);
  if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  // lossy: the key frame's start code 9d 01 2a, then 14-bit sizes
  if (chunk === "VP8 " && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return null;
}

function icoSize(b: Uint8Array): ImageSize | null {
  // the largest entry of the directory (0 in a size byte means 256)
  const count = u16le(b, 4);
  let best: ImageSize | null = null;
  for (let i = 0; i < count && 6 + i * 16 + 2 <= b.length; i++) {
    const width = b[6 + i * 16] || 256;
    const height = b[6 + i * 16 + 1] || 256;
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

/** Width × height as the browser shows it (a JPEG's EXIF turn applied), or null when the header says nothing usable. */
export function readImageSize(bytes: Uint8Array, kind: ImageKind): ImageSize | null {
  let size: ImageSize | null = null;
  try {
    switch (kind) {
      case "png":
        size = bytes.length >= 24 ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
        break;
      case "jpg": {
        const stored = jpegSize(bytes);
        size = stored && swapsAxes(jpegOrientation(bytes)) ? { width: stored.height, height: stored.width } : stored;
        break;
      }
      case "gif":
        size = bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
        break;
      case "webp":
        size = webpSize(bytes);
        break;
      case "avif": {
        const info = probeAvif(bytes);
        size = info.width && info.height ? { width: info.width, height: info.height } : null;
        break;
      }
      case "ico":
        size = icoSize(bytes);
        break;
    }
  } catch {
    return null; // a header the probe refuses: the image is stored all the same, without a size
  }
  return size && size.width > 0 && size.height > 0 ? size : null;
}
