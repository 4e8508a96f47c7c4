/**
 * The DDS container: header interpretation, surface layout, validation and surface selection.
 * Block decoding is injected (`BlockDecoders`) so this module does not depend on ./block; ./dds.ts
 * wires in the real block decoders.
 *
 * Surface order follows Direct3D: for each array element, for each cube face, every mip level
 * (largest first). Volume textures: for each mip level, every depth slice of that level (the
 * depth halves per level, like the width and height).
 */
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import { DdsError } from "./errors.ts";
import type { BlockFormat, PixelFormat } from "./formats.ts";
import {
  DDPF_FOURCC,
  DDPF_LUMINANCE,
  DDPF_RGB,
  dxgiFormat,
  fourCC,
  dxgiFormatName,
  fourCCFormat,
  isHdr,
  legacyMaskFormat,
  maskFormatName,
  PALETTE_BYTES,
  unsupportedDxgiMessage,
  unsupportedFourCCMessage,
} from "./formats.ts";
import {
  CUBE_FACES,
  D3D10_RESOURCE_DIMENSION_TEXTURE3D,
  DDS_RESOURCE_MISC_TEXTURECUBE,
  DDSCAPS2_CUBEMAP,
  DDSCAPS2_VOLUME,
  DDSD_DEPTH,
  PIXELFORMAT_SIZE,
  readDdsHeader,
  type DdsHeader,
} from "./header.ts";
import { decodePalette8, decodeUncompressed, MAX_EXPOSURE, rowPitch, toneMapFloatPixels, type ToneMapOperator } from "./uncompressed.ts";

/** Largest accepted width, height or depth. */
export const MAX_DIMENSION = 16384;
/** Largest accepted decoded surface: 1 GiB of RGBA8. */
export const MAX_DECODED_BYTES = 2 ** 30;
/** Largest accepted number of array elements (Direct3D 11's limit). */
export const MAX_ARRAY_SIZE = 2048;

export interface DdsSurface {
  /** Mip level, 0 = largest. */
  readonly level: number;
  /** Cube face index (0-5: +X, -X, +Y, -Y, +Z, -Z among the faces present), 0 otherwise. */
  readonly face: number;
  /** Array element for texture arrays, depth slice for volume textures, else 0. */
  readonly slice: number;
  readonly width: number;
  readonly height: number;
  /** Byte offset of the surface in the file. */
  readonly offset: number;
  readonly byteLength: number;
}

export interface DdsInfo {
  /** Human name: "BC1 (DXT1)", "DXGI_FORMAT_R8G8B8A8_UNORM_SRGB", "D3DFMT_A8R8G8B8 (BGRA8)"... */
  readonly format: string;
  readonly pixelFormat: PixelFormat;
  readonly width: number;
  readonly height: number;
  /** Depth of a volume texture, else 1. */
  readonly depth: number;
  readonly mipCount: number;
  /** Cube faces stored per array element (6 for a full cubemap), else 1. */
  readonly faces: number;
  /** Names of the stored cube faces ("+X", "-X"...), empty for non-cubemaps. */
  readonly faceNames: readonly string[];
  readonly arraySize: number;
  readonly isCubemap: boolean;
  readonly isVolume: boolean;
  /** The pixels are sRGB-encoded (an _SRGB DXGI format). */
  readonly srgb: boolean;
  /** Floating-point data tone-mapped to 8 bits on decode (exposure/tonemap options apply). */
  readonly hdr: boolean;
  /** Has the DX10 extension header. */
  readonly dx10: boolean;
  /** Offset of the first surface in the file. */
  readonly dataOffset: number;
  /** Every surface, in file order. */
  readonly surfaces: readonly DdsSurface[];
  /** A colour transform the file names, applied after decoding (RXGB, GIMP's YCoCg and alpha exponent). */
  readonly transform?: ColourTransform;
}

export interface DecodeDdsOptions {
  level?: number;
  face?: number;
  /** Array element (texture arrays) or depth slice (volume textures). */
  slice?: number;
  /** Exposure in stops for HDR formats (colour × 2^exposure). Default 0. */
  exposure?: number;
  /** Tone-mapping operator for HDR formats, see ./uncompressed. Default "default". */
  tonemap?: ToneMapOperator;
  /** counts the surfaces listed and the pixels decoded; past its limit the file is refused ("too-much-work") */
  budget?: WorkBudget;
}

export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface BlockDecoders {
  decodeBlocksRgba8(
    format: Exclude<BlockFormat, "BC6HU" | "BC6HS">,
    src: Uint8Array,
    width: number,
    height: number,
    out?: Uint8ClampedArray,
  ): Uint8ClampedArray;
  decodeBlocksFloat(format: "BC6HU" | "BC6HS", src: Uint8Array, width: number, height: number): Float32Array;
}

/**
 * A colour transform after decoding, named by the file: Doom 3's RXGB (red stored in alpha), and
 * GIMP's DDS plug-in's tags (only ffmpeg reads them; every other reader shows the stored channels):
 * YCoCg in DXT5 ("YCG1", "YCG2" scaled) and an alpha exponent ("AEXP": colour × alpha).
 */
export type ColourTransform = "rxgb" | "ycocg" | "ycocg-scaled" | "alpha-exponent";

interface ResolvedFormat {
  readonly format: PixelFormat;
  readonly name: string;
  readonly srgb: boolean;
  readonly transform?: ColourTransform;
}

const GIMP_TAGS: ReadonlyMap<number, ColourTransform> = new Map([
  [fourCC("YCG1"), "ycocg"],
  [fourCC("YCG2"), "ycocg-scaled"],
  [fourCC("AEXP"), "alpha-exponent"],
]);

/** The GIMP tag's transform, for the formats GIMP writes it on (DXT5 for YCoCg; DXT5 and 32-bit RGBA for AEXP). */
function gimpTransform(h: DdsHeader, format: PixelFormat): ColourTransform | undefined {
  const tag = GIMP_TAGS.get(h.gimpTag);
  if (tag === undefined) return undefined;
  const bc3 = format.kind === "block" && format.block === "BC3" && format.swizzle === undefined;
  if (tag === "alpha-exponent") return bc3 || (format.kind === "masks" && format.bits === 32 && format.a !== 0) ? tag : undefined;
  return bc3 ? tag : undefined;
}

/** The refusal for a pixel format block whose size field is wrong and whose content makes no sense. */
function damagedPixelFormat(h: DdsHeader): DdsError {
  return new DdsError(
    `This DDS file's header is damaged: its pixel format block says it is ${h.pixelFormat.size} bytes long instead of 32, and the values in it describe no pixel format.`,
    "bad-header",
  );
}

function resolveFormat(h: DdsHeader): ResolvedFormat {
  const pf = h.pixelFormat;
  // Pillow reads on whatever the pixel format block's size field says; so do we, unless its content is nonsense too.
  const refuse = (message: string) =>
    pf.size !== PIXELFORMAT_SIZE ? damagedPixelFormat(h) : new DdsError(message, "unsupported-format");
  if (h.dx10 !== undefined) {
    const v = h.dx10.dxgiFormat;
    const entry = dxgiFormat(v);
    if (entry === undefined) throw refuse(unsupportedDxgiMessage(v));
    return { format: entry.format, name: dxgiFormatName(v), srgb: entry.srgb };
  }
  // a known FourCC with no pixel-format flag at all: some writers forget DDPF_FOURCC (DirectXTex's permissive mode reads it)
  const forgotten = pf.flags === 0 && fourCCFormat(pf.fourCC) !== undefined;
  if ((pf.flags & DDPF_FOURCC) !== 0 || forgotten) {
    const entry = fourCCFormat(pf.fourCC);
    if (entry === undefined) {
      // an unknown FourCC beside a sound RGB or luminance description: the masks (Pillow reads those first)
      const sound = pf.size === PIXELFORMAT_SIZE && (pf.flags & (DDPF_RGB | DDPF_LUMINANCE)) !== 0;
      const fallback = sound ? maskFormat(pf) : undefined;
      if (fallback !== undefined) return fallback;
      throw refuse(unsupportedFourCCMessage(pf.fourCC));
    }
    const transform = entry.format.kind === "block" && entry.format.swizzle === "rxgb" ? "rxgb" : gimpTransform(h, entry.format);
    return { format: entry.format, name: entry.name, srgb: false, transform };
  }
  const m = legacyMaskFormat(pf.flags, pf.rgbBitCount, pf.rBitMask, pf.gBitMask, pf.bBitMask, pf.aBitMask);
  if (typeof m === "string") throw refuse(m);
  const name = m.kind === "masks" ? maskFormatName(m) : m.kind === "palette8" ? "D3DFMT_P8 (8-bit palette)" : m.kind;
  return { format: m, name, srgb: false, transform: gimpTransform(h, m) };
}

/** The legacy mask format the pixel format block describes, when it describes one. */
function maskFormat(pf: DdsHeader["pixelFormat"]): ResolvedFormat | undefined {
  const m = legacyMaskFormat(pf.flags & ~DDPF_FOURCC, pf.rgbBitCount, pf.rBitMask, pf.gBitMask, pf.bBitMask, pf.aBitMask);
  if (typeof m === "string") return undefined;
  return { format: m, name: m.kind === "masks" ? maskFormatName(m) : m.kind, srgb: false };
}

/** Bytes of one 2D surface of the given size. */
export function surfaceBytes(format: PixelFormat, width: number, height: number): number {
  if (format.kind === "block") {
    return Math.max(1, Math.ceil(width / 4)) * Math.max(1, Math.ceil(height / 4)) * format.blockBytes;
  }
  return rowPitch(format, width) * height;
}

const mipSize = (size: number, level: number): number => Math.max(1, Math.floor(size / 2 ** level));

/** One way to read the header's structure: how many images of which kind follow the header. */
interface Layout {
  readonly isVolume: boolean;
  readonly isCubemap: boolean;
  readonly faceNames: readonly string[];
  readonly arraySize: number;
  readonly depth: number;
}

/** Bytes of one layer (array element or cube face) with `mips` levels, volumes with all their slices. */
function layerBytes(format: PixelFormat, width: number, height: number, layout: Layout, mips: number): number {
  let total = 0;
  for (let l = 0; l < mips; l++) {
    const slices = layout.isVolume ? mipSize(layout.depth, l) : 1;
    total += surfaceBytes(format, mipSize(width, l), mipSize(height, l)) * slices;
  }
  return total;
}

const layerCount = (layout: Layout): number => layout.arraySize * (layout.isCubemap ? layout.faceNames.length : 1);

const ALL_FACES: readonly string[] = CUBE_FACES.map(([, n]) => n);

/**
 * The readings of the header's structure to try, most faithful first. Writers get these fields wrong
 * in known ways, and the file's length tells which reading is right: a DX10 cube whose array size
 * counts faces (6) instead of cubes, a legacy cube flag without face bits (or face bits without the
 * flag), a stale DDSD_DEPTH on a 2D texture, an array size or depth that the file cannot hold (the
 * last reading is always the one 2D image every other reader shows).
 */
function candidateLayouts(h: DdsHeader): Layout[] {
  const plain: Layout = { isVolume: false, isCubemap: false, faceNames: [], arraySize: 1, depth: 1 };
  if (h.dx10 !== undefined) {
    const d = h.dx10;
    // Several writers leave the array size 0; every reader takes it as 1.
    const arraySize = Math.max(1, d.arraySize);
    if (d.resourceDimension === D3D10_RESOURCE_DIMENSION_TEXTURE3D) return volumeOr(plain, h.depth);
    if (d.resourceDimension > D3D10_RESOURCE_DIMENSION_TEXTURE3D) {
      throw new DdsError(
        `This DDS file's header is damaged: its DX10 header gives the texture kind as ${d.resourceDimension}, which is none of 1D, 2D or 3D.`,
        "bad-header",
      );
    }
    // 1D, 2D, or 0/1 (unknown, buffer) written by careless tools: read as 2D (a 1D texture has height 1 anyway)
    if ((d.miscFlag & DDS_RESOURCE_MISC_TEXTURECUBE) !== 0) {
      const cube: Layout = { ...plain, isCubemap: true, faceNames: ALL_FACES, arraySize };
      const out = [cube];
      if (arraySize % 6 === 0) out.push({ ...cube, arraySize: arraySize / 6 });
      out.push({ ...plain, arraySize }, plain);
      return out;
    }
    // an array size the file cannot hold: its first image (Pillow and ffmpeg ignore the array size)
    return arraySize > 1 ? [{ ...plain, arraySize }, plain] : [plain];
  }
  const faceBits = CUBE_FACES.filter(([bit]) => (h.caps2 & bit) !== 0).map(([, n]) => n);
  if ((h.caps2 & DDSCAPS2_CUBEMAP) !== 0 || faceBits.length > 0) {
    const faces = faceBits.length > 0 ? faceBits : ALL_FACES;
    return [{ ...plain, isCubemap: true, faceNames: faces }, plain];
  }
  if ((h.caps2 & DDSCAPS2_VOLUME) !== 0 || (h.flags & DDSD_DEPTH) !== 0) return volumeOr(plain, h.depth);
  return [plain];
}

/** A volume of `depth` slices, else (a depth of 0 or 1, or data for one slice only) a 2D texture. */
function volumeOr(plain: Layout, depth: number): Layout[] {
  return depth > 1 ? [{ ...plain, isVolume: true, depth }, plain] : [plain];
}

/** Parses and validates the headers and lays out every surface. Throws DdsError. */
export function parseDds(bytes: Uint8Array): DdsInfo {
  const h = readDdsHeader(bytes);
  const { format, name, srgb, transform } = resolveFormat(h);
  // a 1D texture is one row high: its header says so too (height 1), else it holds the 2D image Pillow shows
  const { width, height } = h;
  const dataOffset = h.dataOffset + (format.kind === "palette8" ? PALETTE_BYTES : 0);

  if (width === 0 || height === 0) {
    throw new DdsError(
      `This DDS file's header is damaged: it gives the image a size of ${width} × ${height} pixels, and an image cannot be 0 pixels ${width === 0 ? "wide" : "high"}.`,
      "bad-header",
    );
  }
  if (width > MAX_DIMENSION || height > MAX_DIMENSION) {
    throw new DdsError(`This DDS image is too large: ${width} × ${height} pixels (this tool reads at most ${MAX_DIMENSION} pixels a side).`, "too-large");
  }
  if (width * height * 4 > MAX_DECODED_BYTES) {
    throw new DdsError(`This DDS image is too large: ${width} × ${height} pixels exceed 1 GiB once decoded.`, "too-large");
  }
  if (bytes.length < dataOffset) {
    throw new DdsError(
      `This DDS file is truncated: its 256-colour palette needs ${PALETTE_BYTES} bytes after the header, and the file ends ${dataOffset - bytes.length} bytes early.`,
      "truncated",
    );
  }
  const available = bytes.length - dataOffset;
  const tooLarge = (layout: Layout): DdsError | undefined => {
    if (layout.depth > MAX_DIMENSION) {
      return new DdsError(`This DDS image is too large: a volume of ${layout.depth} slices (this tool reads at most ${MAX_DIMENSION}).`, "too-large");
    }
    if (layout.arraySize > MAX_ARRAY_SIZE) {
      return new DdsError(`This DDS image is too large: an array of ${layout.arraySize} textures (this tool reads at most ${MAX_ARRAY_SIZE}).`, "too-large");
    }
    return undefined;
  };
  const all = candidateLayouts(h);
  // a reading past the limits is skipped (the file may still hold the one image a plainer reading finds)
  const layouts = all.filter((layout) => tooLarge(layout) === undefined);
  if (layouts.length === 0) throw tooLarge(all[0]!)!;

  // Mip count 0 means 1; more levels than the chain has means the whole chain (other readers agree).
  const chain = (layout: Layout) => Math.floor(Math.log2(Math.max(width, height, layout.depth))) + 1;
  const declared = Math.max(1, h.mipMapCount);
  // The first reading whose images fit in the file wins, with as many of the declared mip levels as
  // the file holds (a writer that declares a chain and stores only the top levels: decode what is there).
  let chosen: { layout: Layout; mips: number } | undefined;
  for (const layout of layouts) {
    const layers = layerCount(layout);
    // Cheap arithmetic on the sizes first, so a lying header cannot make us build a huge list.
    for (let mips = Math.min(declared, chain(layout)); mips >= 1 && chosen === undefined; mips--) {
      if (layerBytes(format, width, height, layout, mips) * layers <= available) chosen = { layout, mips };
    }
    if (chosen !== undefined) break;
  }
  if (chosen === undefined) {
    const first = layouts[0]!;
    const needed = layerBytes(format, width, height, first, 1) * layerCount(first);
    const what = layerCount(first) > 1 || first.isVolume ? "its images need" : `its ${width} × ${height} image needs`;
    throw new DdsError(
      `This DDS file is truncated: ${what} ${needed} bytes of pixel data, and the file holds ${available} (${needed - available} bytes missing).`,
      "truncated",
    );
  }
  const { layout, mips: mipCount } = chosen;
  const { isVolume, isCubemap, faceNames, arraySize, depth } = layout;
  const faces = isCubemap ? faceNames.length : 1;

  const surfaces: DdsSurface[] = [];
  let offset = dataOffset;
  if (isVolume) {
    for (let l = 0; l < mipCount; l++) {
      const w = mipSize(width, l);
      const hh = mipSize(height, l);
      const size = surfaceBytes(format, w, hh);
      // Block-compressed volumes store each depth slice as its own 2D surface.
      const slices = mipSize(depth, l);
      for (let s = 0; s < slices; s++, offset += size) {
        surfaces.push({ level: l, face: 0, slice: s, width: w, height: hh, offset, byteLength: size });
      }
    }
  } else {
    for (let a = 0; a < arraySize; a++) {
      for (let f = 0; f < faces; f++) {
        for (let l = 0; l < mipCount; l++) {
          const w = mipSize(width, l);
          const hh = mipSize(height, l);
          const size = surfaceBytes(format, w, hh);
          surfaces.push({ level: l, face: f, slice: a, width: w, height: hh, offset, byteLength: size });
          offset += size;
        }
      }
    }
  }

  return {
    format: name,
    pixelFormat: format,
    width,
    height,
    depth,
    mipCount,
    faces,
    faceNames: [...faceNames],
    arraySize,
    isCubemap,
    isVolume,
    srgb,
    hdr: isHdr(format),
    dx10: h.dx10 !== undefined,
    dataOffset,
    surfaces,
    transform,
  };
}

function checkIndex(what: string, value: number, count: number): void {
  if (!Number.isInteger(value) || value < 0 || value >= count) {
    const range = count === 1 ? "only 0 exists" : `valid: 0 to ${count - 1}`;
    throw new DdsError(`No ${what} ${value} in this DDS file (${range})`, "bad-selection");
  }
}

/** Finds the surface for a selection; throws DdsError "bad-selection" when out of range. */
export function selectSurface(info: DdsInfo, options: DecodeDdsOptions = {}): DdsSurface {
  const level = options.level ?? 0;
  const face = options.face ?? 0;
  const slice = options.slice ?? 0;
  checkIndex("mip level", level, info.mipCount);
  checkIndex("cube face", face, info.faces);
  if (info.isVolume) {
    checkIndex(`depth slice at mip level ${level}:`, slice, mipSize(info.depth, level));
    // Volume: mips in order, each with its slices.
    let index = 0;
    for (let l = 0; l < level; l++) index += mipSize(info.depth, l);
    return info.surfaces[index + slice]!;
  }
  checkIndex("array element", slice, info.arraySize);
  return info.surfaces[(slice * info.faces + face) * info.mipCount + level]!;
}

/** Rows of blocks tone-mapped per call for BC6H, bounding the float scratch memory. */
const BC6H_STRIP_BLOCK_ROWS = 16;

/** A surface chosen and checked for decoding: everything decodeDdsWith checks before it allocates. */
export interface PreparedSurface {
  info: DdsInfo;
  width: number;
  height: number;
  /** the surface's bytes */
  src: Uint8Array;
  exposure: number;
  tonemap: ToneMapOperator;
}

/**
 * Parses the file, selects the surface and checks the options, the size limit and the work budget
 * (charged here), as decodeDdsWith does before decoding. Throws DdsError.
 */
export function prepareSurface(bytes: Uint8Array, options: DecodeDdsOptions): PreparedSurface {
  const info = parseDds(bytes);
  const surface = selectSurface(info, options);
  const exposure = options.exposure ?? 0;
  if (!(Math.abs(exposure) <= MAX_EXPOSURE)) {
    throw new DdsError(`Bad exposure ${exposure}: it must be a number from -${MAX_EXPOSURE} to ${MAX_EXPOSURE}`, "bad-selection");
  }
  const tonemap = options.tonemap ?? "default";
  if (tonemap !== "default" && tonemap !== "clamp") {
    throw new DdsError(`Unknown tone-mapping operator "${String(tonemap)}" (use "default" or "clamp")`, "bad-selection");
  }
  const { width, height } = surface;
  if (width * height * 4 > MAX_DECODED_BYTES) {
    throw new DdsError(`DDS surface too large: ${width}×${height} exceeds 1 GiB of decoded pixels`, "too-large");
  }
  // work units: one per surface the header lays out, one per pixel decoded (charged before allocating)
  const budget = options.budget ?? unlimited();
  const refuse = () => new DdsError(`This DDS file needs more work than this tool allows for one file (over ${budget.limit} surfaces and pixels).`, "too-much-work");
  budget.charge(info.surfaces.length, refuse);
  budget.charge(width * height, refuse);
  const src = bytes.subarray(surface.offset, surface.offset + surface.byteLength);
  return { info, width, height, src, exposure, tonemap };
}

/** Decodes one surface (default: level 0, face 0, slice 0) to RGBA8. Throws DdsError. */
export function decodeDdsWith(bytes: Uint8Array, options: DecodeDdsOptions, blocks: BlockDecoders): DecodedImage {
  const { info, width, height, src, exposure, tonemap } = prepareSurface(bytes, options);
  const data = new Uint8ClampedArray(width * height * 4);
  const f = info.pixelFormat;
  if (f.kind === "palette8") {
    decodePalette8(bytes.subarray(info.dataOffset - PALETTE_BYTES, info.dataOffset), src, width, height, data);
  } else if (f.kind !== "block") {
    decodeUncompressed(f, src, width, height, data, { tonemap, exposure });
  } else if (f.block === "BC6HU" || f.block === "BC6HS") {
    // Decode in strips of block rows so the float buffer stays small.
    const blocksWide = Math.max(1, Math.ceil(width / 4));
    const rowBytes = blocksWide * f.blockBytes;
    const blockRows = Math.max(1, Math.ceil(height / 4));
    for (let by = 0; by < blockRows; by += BC6H_STRIP_BLOCK_ROWS) {
      const rows = Math.min(BC6H_STRIP_BLOCK_ROWS, blockRows - by);
      const stripHeight = Math.min(rows * 4, height - by * 4);
      const strip = src.subarray(by * rowBytes, (by + rows) * rowBytes);
      const floats = blocks.decodeBlocksFloat(f.block, strip, width, stripHeight);
      const pixels = width * stripHeight;
      const stride = floats.length >= pixels * 4 ? 4 : 3;
      toneMapFloatPixels(floats, stride, pixels, data, by * 4 * width, { tonemap, exposure });
    }
  } else {
    blocks.decodeBlocksRgba8(f.block, src, width, height, data);
  }
  if (info.transform !== undefined) applyColourTransform(info.transform, data);
  return { width, height, data };
}

/** Applies a file's colour transform to decoded RGBA8 pixels in place (one pass; integer maths as ffmpeg's). */
function applyColourTransform(transform: ColourTransform, data: Uint8ClampedArray): void {
  // Uint8ClampedArray clamps what is stored to 0-255
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const a = data[i + 3]!;
    if (transform === "rxgb") {
      // red was stored in alpha and the red channel is unused; the normal map is opaque
      data[i] = a;
    } else if (transform === "alpha-exponent") {
      data[i] = Math.floor((r * a) / 255);
      data[i + 1] = Math.floor((g * a) / 255);
      data[i + 2] = Math.floor((b * a) / 255);
    } else {
      // YCoCg: Y in alpha, Co in red, Cg in green (both biased by 128); the scaled variant divides them by blue / 8 + 1
      const scale = transform === "ycocg-scaled" ? (b >> 3) + 1 : 1;
      const co = Math.trunc((r - 128) / scale);
      const cg = Math.trunc((g - 128) / scale);
      data[i] = a + co - cg;
      data[i + 1] = a + cg;
      data[i + 2] = a - co - cg;
      // the classic variant keeps the picture's alpha in blue; the scaled one has none
      data[i + 3] = transform === "ycocg" ? b : 255;
      continue;
    }
    data[i + 3] = 255;
  }
}
