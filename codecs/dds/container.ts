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
  dxgiFormat,
  dxgiFormatName,
  fourCCFormat,
  isHdr,
  legacyMaskFormat,
  maskFormatName,
  unsupportedFourCCName,
} from "./formats.ts";
import {
  CUBE_FACES,
  D3D10_RESOURCE_DIMENSION_TEXTURE1D,
  D3D10_RESOURCE_DIMENSION_TEXTURE2D,
  D3D10_RESOURCE_DIMENSION_TEXTURE3D,
  DDS_RESOURCE_MISC_TEXTURECUBE,
  DDSCAPS2_CUBEMAP,
  DDSCAPS2_VOLUME,
  DDSD_DEPTH,
  readDdsHeader,
  type DdsHeader,
} from "./header.ts";
import { decodeUncompressed, MAX_EXPOSURE, rowPitch, toneMapFloatPixels, type ToneMapOperator } from "./uncompressed.ts";

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

interface ResolvedFormat {
  readonly format: PixelFormat;
  readonly name: string;
  readonly srgb: boolean;
}

function resolveFormat(h: DdsHeader): ResolvedFormat {
  if (h.dx10 !== undefined) {
    const v = h.dx10.dxgiFormat;
    const entry = dxgiFormat(v);
    const name = dxgiFormatName(v);
    if (entry === undefined) throw new DdsError(`Unsupported DDS format: ${name} (${v})`, "unsupported-format");
    return { format: entry.format, name, srgb: entry.srgb };
  }
  const pf = h.pixelFormat;
  if ((pf.flags & DDPF_FOURCC) !== 0) {
    const entry = fourCCFormat(pf.fourCC);
    if (entry === undefined) {
      throw new DdsError(`Unsupported DDS format: ${unsupportedFourCCName(pf.fourCC)}`, "unsupported-format");
    }
    return { format: entry.format, name: entry.name, srgb: false };
  }
  const m = legacyMaskFormat(pf.flags, pf.rgbBitCount, pf.rBitMask, pf.gBitMask, pf.bBitMask, pf.aBitMask);
  if (typeof m === "string") throw new DdsError(`Unsupported DDS format: ${m}`, "unsupported-format");
  return { format: m, name: maskFormatName(m), srgb: false };
}

/** Bytes of one 2D surface of the given size. */
export function surfaceBytes(format: PixelFormat, width: number, height: number): number {
  if (format.kind === "block") {
    return Math.max(1, Math.ceil(width / 4)) * Math.max(1, Math.ceil(height / 4)) * format.blockBytes;
  }
  return rowPitch(format, width) * height;
}

const mipSize = (size: number, level: number): number => Math.max(1, Math.floor(size / 2 ** level));

/** Parses and validates the headers and lays out every surface. Throws DdsError. */
export function parseDds(bytes: Uint8Array): DdsInfo {
  const h = readDdsHeader(bytes);
  const { format, name, srgb } = resolveFormat(h);

  let width = h.width;
  let height = h.height;
  let depth = 1;
  let isVolume = false;
  let isCubemap = false;
  let arraySize = 1;
  let faceNames: string[] = [];

  if (h.dx10 !== undefined) {
    const d = h.dx10;
    if (d.arraySize === 0) throw new DdsError("Bad DDS header: the DX10 array size is 0", "bad-header");
    arraySize = d.arraySize;
    if (d.resourceDimension === D3D10_RESOURCE_DIMENSION_TEXTURE1D) {
      height = 1;
    } else if (d.resourceDimension === D3D10_RESOURCE_DIMENSION_TEXTURE2D) {
      if ((d.miscFlag & DDS_RESOURCE_MISC_TEXTURECUBE) !== 0) {
        isCubemap = true;
        faceNames = CUBE_FACES.map(([, n]) => n);
      }
    } else if (d.resourceDimension === D3D10_RESOURCE_DIMENSION_TEXTURE3D) {
      if (arraySize !== 1) {
        throw new DdsError(`Bad DDS header: a volume texture cannot be an array (array size ${arraySize})`, "bad-header");
      }
      isVolume = true;
      depth = h.depth;
    } else {
      throw new DdsError(`Bad DDS header: unknown DX10 resource dimension ${d.resourceDimension}`, "bad-header");
    }
  } else if ((h.caps2 & DDSCAPS2_CUBEMAP) !== 0) {
    isCubemap = true;
    faceNames = CUBE_FACES.filter(([bit]) => (h.caps2 & bit) !== 0).map(([, n]) => n);
    if (faceNames.length === 0) throw new DdsError("Bad DDS header: a cubemap without any face", "bad-header");
  } else if ((h.caps2 & DDSCAPS2_VOLUME) !== 0 || ((h.flags & DDSD_DEPTH) !== 0 && h.depth > 1)) {
    isVolume = true;
    depth = h.depth;
  }

  if (width === 0 || height === 0 || depth === 0) {
    const dims = isVolume ? `${width}×${height}×${depth}` : `${width}×${height}`;
    throw new DdsError(`Bad DDS header: zero dimension (${dims})`, "bad-header");
  }
  if (width > MAX_DIMENSION || height > MAX_DIMENSION || depth > MAX_DIMENSION) {
    const dims = isVolume ? `${width}×${height}×${depth}` : `${width}×${height}`;
    throw new DdsError(`DDS image too large: ${dims} (at most ${MAX_DIMENSION} pixels a side)`, "too-large");
  }
  if (width * height * 4 > MAX_DECODED_BYTES) {
    throw new DdsError(`DDS image too large: ${width}×${height} exceeds 1 GiB of decoded pixels`, "too-large");
  }
  if (arraySize > MAX_ARRAY_SIZE) {
    throw new DdsError(`DDS image too large: array of ${arraySize} textures (at most ${MAX_ARRAY_SIZE})`, "too-large");
  }
  const maxMips = Math.floor(Math.log2(Math.max(width, height, depth))) + 1;
  const mipCount = h.mipMapCount === 0 ? 1 : h.mipMapCount;
  if (mipCount > maxMips) {
    throw new DdsError(
      `Bad DDS header: ${mipCount} mip levels for a ${width}×${height} image (at most ${maxMips})`,
      "bad-header",
    );
  }
  const faces = isCubemap ? faceNames.length : 1;
  const layers = arraySize * faces;

  // Total size first (cheap arithmetic), so a lying header cannot make us build a huge list.
  let layerBytes = 0;
  for (let l = 0; l < mipCount; l++) {
    const slices = isVolume ? mipSize(depth, l) : 1;
    layerBytes += surfaceBytes(format, mipSize(width, l), mipSize(height, l)) * slices;
  }
  const needed = layerBytes * layers;
  const available = bytes.length - h.dataOffset;
  if (available < needed) {
    throw new DdsError(
      `DDS file is truncated: ${needed - available} bytes missing (the header describes ${needed} bytes of pixel data, the file holds ${available})`,
      "truncated",
    );
  }

  const surfaces: DdsSurface[] = [];
  let offset = h.dataOffset;
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
    faceNames,
    arraySize,
    isCubemap,
    isVolume,
    srgb,
    hdr: isHdr(format),
    dx10: h.dx10 !== undefined,
    dataOffset: h.dataOffset,
    surfaces,
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

/** Decodes one surface (default: level 0, face 0, slice 0) to RGBA8. Throws DdsError. */
export function decodeDdsWith(bytes: Uint8Array, options: DecodeDdsOptions, blocks: BlockDecoders): DecodedImage {
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
  const data = new Uint8ClampedArray(width * height * 4);
  const f = info.pixelFormat;
  if (f.kind !== "block") {
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
  return { width, height, data };
}
