// HEIF's transform properties applied to decoded pixels, for decoders that only report them
// (libavif): 'clap' crops, 'irot' turns anti-clockwise by quarter turns, 'imir' mirrors; each in
// the order the file lists them (MIAF: clap, then irot, then imir).
import type { RgbaImage } from "../image/rgba-image.ts";
import type { HeifProperty } from "./heif.ts";

export function applyTransforms(image: RgbaImage, transforms: readonly HeifProperty[]): RgbaImage {
  let out = image;
  for (const property of transforms) {
    const content = property.bytes.subarray(8);
    if (property.type === "clap") out = cropClean(out, content);
    else if (property.type === "irot" && content.length >= 1) out = rotate(out, content[0]! & 3);
    else if (property.type === "imir" && content.length >= 1) out = mirror(out, (content[0]! & 1) === 0);
  }
  return out;
}

/** clap: clean aperture width, height and centre offsets as fractions; an unusable one is ignored. */
function cropClean(image: RgbaImage, content: Uint8Array): RgbaImage {
  if (content.length < 32) return image;
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  const fraction = (at: number, signed: boolean) => {
    const d = view.getUint32(at + 4);
    return d === 0 ? Number.NaN : (signed ? view.getInt32(at) : view.getUint32(at)) / d;
  };
  const width = Math.round(fraction(0, false));
  const height = Math.round(fraction(8, false));
  // a half-pixel origin (which libavif calls invalid) is rounded as libheif does: left down, top to nearest
  const left = Math.floor(fraction(16, true) + (image.width - width) / 2);
  const top = Math.round(fraction(24, true) + (image.height - height) / 2);
  if (!(width > 0 && height > 0 && left >= 0 && top >= 0 && left + width <= image.width && top + height <= image.height)) return image;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

/** `quarters` anti-clockwise quarter turns. */
function rotate(image: RgbaImage, quarters: number): RgbaImage {
  if (quarters === 0) return image;
  const { width, height } = image;
  const outWidth = quarters === 2 ? width : height;
  const outHeight = quarters === 2 ? height : width;
  const source = new Uint32Array(image.data.buffer, image.data.byteOffset, width * height);
  const out = new Uint32Array(outWidth * outHeight);
  // hot loop: one 32-bit pixel copy per pixel
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let tx: number;
      let ty: number;
      if (quarters === 1) {
        tx = y;
        ty = width - 1 - x;
      } else if (quarters === 2) {
        tx = width - 1 - x;
        ty = height - 1 - y;
      } else {
        tx = height - 1 - y;
        ty = x;
      }
      out[ty * outWidth + tx] = source[y * width + x]!;
    }
  }
  return { width: outWidth, height: outHeight, data: new Uint8ClampedArray(out.buffer) };
}

/** imir mode 0: top and bottom swap; mode 1: left and right swap (ISO/IEC 23008-12:2022 6.5.12, as libavif and libheif read it). */
function mirror(image: RgbaImage, topBottom: boolean): RgbaImage {
  const { width, height } = image;
  const source = new Uint32Array(image.data.buffer, image.data.byteOffset, width * height);
  const out = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const to = topBottom ? (height - 1 - y) * width + x : y * width + (width - 1 - x);
      out[to] = source[y * width + x]!;
    }
  }
  return { width, height, data: new Uint8ClampedArray(out.buffer) };
}
