/**
 * DDS pixel formats: the DXGI format table, the FourCC mapping and the legacy bit-mask formats.
 *
 * A format is described by a `PixelFormat`: either a block-compressed format (handed to the block
 * decoders in ./block) or an uncompressed layout decoded by ./uncompressed:
 * - "masks": packed pixels of 8-32 bits read little-endian, each channel extracted with a bit mask
 *   and rescaled exactly to 8 bits (round(v * 255 / max)); luminance formats copy L to R, G and B.
 * - "unorm16" / "half" / "float": 16-bit unsigned normalised, 16-bit float or 32-bit float channels
 *   in memory order (`channels`, e.g. "RGBA", "RG", "R").
 * Missing channels follow the Direct3D convention: R, G, B = 0 and A = 1 (255).
 */

/** Block formats (the same union as ./block's BlockFormat). */
export type BlockFormat = "BC1" | "BC2" | "BC3" | "BC4U" | "BC4S" | "BC5U" | "BC5S" | "BC6HU" | "BC6HS" | "BC7";

export interface BlockPixelFormat {
  readonly kind: "block";
  readonly block: BlockFormat;
  readonly blockBytes: 8 | 16;
}

/** Packed pixels read as one little-endian integer of `bits` bits, channels selected by masks. */
export interface MaskPixelFormat {
  readonly kind: "masks";
  readonly bits: 8 | 16 | 24 | 32;
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
  /** R mask holds luminance, copied to R, G and B. */
  readonly luminance: boolean;
}

/** One value per channel in memory order; `channels` is a string over "RGBA". */
export interface ChannelPixelFormat {
  readonly kind: "unorm16" | "half" | "float";
  readonly channels: "R" | "RG" | "RGB" | "RGBA";
}

export type UncompressedPixelFormat = MaskPixelFormat | ChannelPixelFormat;
export type PixelFormat = BlockPixelFormat | UncompressedPixelFormat;

/** Bits per pixel of an uncompressed format. */
export function bitsPerPixel(f: UncompressedPixelFormat): number {
  if (f.kind === "masks") return f.bits;
  const bytes = f.kind === "float" ? 4 : 2;
  return f.channels.length * bytes * 8;
}

/** True for formats decoded through the float tone-mapping path (HDR). */
export function isHdr(f: PixelFormat): boolean {
  return f.kind === "half" || f.kind === "float" || (f.kind === "block" && (f.block === "BC6HU" || f.block === "BC6HS"));
}

const block = (b: BlockFormat): BlockPixelFormat => ({
  kind: "block",
  block: b,
  blockBytes: b === "BC1" || b === "BC4U" || b === "BC4S" ? 8 : 16,
});

const masks = (bits: 8 | 16 | 24 | 32, r: number, g: number, b: number, a: number, luminance = false): MaskPixelFormat => ({
  kind: "masks",
  bits,
  r,
  g,
  b,
  a,
  luminance,
});

const channels = (kind: ChannelPixelFormat["kind"], ch: ChannelPixelFormat["channels"]): ChannelPixelFormat => ({
  kind,
  channels: ch,
});

/** DXGI_FORMAT names by value (without the "DXGI_FORMAT_" prefix). */
const DXGI_NAMES: readonly string[] = [
  "UNKNOWN", "R32G32B32A32_TYPELESS", "R32G32B32A32_FLOAT", "R32G32B32A32_UINT", "R32G32B32A32_SINT",
  "R32G32B32_TYPELESS", "R32G32B32_FLOAT", "R32G32B32_UINT", "R32G32B32_SINT", "R16G16B16A16_TYPELESS",
  "R16G16B16A16_FLOAT", "R16G16B16A16_UNORM", "R16G16B16A16_UINT", "R16G16B16A16_SNORM", "R16G16B16A16_SINT",
  "R32G32_TYPELESS", "R32G32_FLOAT", "R32G32_UINT", "R32G32_SINT", "R32G8X24_TYPELESS",
  "D32_FLOAT_S8X24_UINT", "R32_FLOAT_X8X24_TYPELESS", "X32_TYPELESS_G8X24_UINT", "R10G10B10A2_TYPELESS",
  "R10G10B10A2_UNORM", "R10G10B10A2_UINT", "R11G11B10_FLOAT", "R8G8B8A8_TYPELESS", "R8G8B8A8_UNORM",
  "R8G8B8A8_UNORM_SRGB", "R8G8B8A8_UINT", "R8G8B8A8_SNORM", "R8G8B8A8_SINT", "R16G16_TYPELESS",
  "R16G16_FLOAT", "R16G16_UNORM", "R16G16_UINT", "R16G16_SNORM", "R16G16_SINT", "R32_TYPELESS",
  "D32_FLOAT", "R32_FLOAT", "R32_UINT", "R32_SINT", "R24G8_TYPELESS", "D24_UNORM_S8_UINT",
  "R24_UNORM_X8_TYPELESS", "X24_TYPELESS_G8_UINT", "R8G8_TYPELESS", "R8G8_UNORM", "R8G8_UINT",
  "R8G8_SNORM", "R8G8_SINT", "R16_TYPELESS", "R16_FLOAT", "D16_UNORM", "R16_UNORM", "R16_UINT",
  "R16_SNORM", "R16_SINT", "R8_TYPELESS", "R8_UNORM", "R8_UINT", "R8_SNORM", "R8_SINT", "A8_UNORM",
  "R1_UNORM", "R9G9B9E5_SHAREDEXP", "R8G8_B8G8_UNORM", "G8R8_G8B8_UNORM", "BC1_TYPELESS", "BC1_UNORM",
  "BC1_UNORM_SRGB", "BC2_TYPELESS", "BC2_UNORM", "BC2_UNORM_SRGB", "BC3_TYPELESS", "BC3_UNORM",
  "BC3_UNORM_SRGB", "BC4_TYPELESS", "BC4_UNORM", "BC4_SNORM", "BC5_TYPELESS", "BC5_UNORM", "BC5_SNORM",
  "B5G6R5_UNORM", "B5G5R5A1_UNORM", "B8G8R8A8_UNORM", "B8G8R8X8_UNORM", "R10G10B10_XR_BIAS_A2_UNORM",
  "B8G8R8A8_TYPELESS", "B8G8R8A8_UNORM_SRGB", "B8G8R8X8_TYPELESS", "B8G8R8X8_UNORM_SRGB", "BC6H_TYPELESS",
  "BC6H_UF16", "BC6H_SF16", "BC7_TYPELESS", "BC7_UNORM", "BC7_UNORM_SRGB", "AYUV", "Y410", "Y416", "NV12",
  "P010", "P016", "420_OPAQUE", "YUY2", "Y210", "Y216", "NV11", "AI44", "IA44", "P8", "A8P8",
  "B4G4R4A4_UNORM",
];

const DXGI_EXTRA_NAMES: ReadonlyMap<number, string> = new Map([
  [130, "P208"],
  [131, "V208"],
  [132, "V408"],
]);

/** "DXGI_FORMAT_R8G8B8A8_UNORM" for 28; "DXGI format 200" for unknown values. */
export function dxgiFormatName(value: number): string {
  const name = DXGI_NAMES[value] ?? DXGI_EXTRA_NAMES.get(value);
  return name === undefined ? `DXGI format ${value}` : `DXGI_FORMAT_${name}`;
}

interface DxgiEntry {
  readonly format: PixelFormat;
  readonly srgb: boolean;
}

const RGBA8 = masks(32, 0xff, 0xff00, 0xff0000, 0xff000000);
const BGRA8 = masks(32, 0xff0000, 0xff00, 0xff, 0xff000000);
const BGRX8 = masks(32, 0xff0000, 0xff00, 0xff, 0);

/** Supported DXGI formats. TYPELESS variants of the colour formats decode as UNORM. */
const DXGI_FORMATS: ReadonlyMap<number, DxgiEntry> = new Map<number, DxgiEntry>([
  [2, { format: channels("float", "RGBA"), srgb: false }],
  [6, { format: channels("float", "RGB"), srgb: false }],
  [10, { format: channels("half", "RGBA"), srgb: false }],
  [11, { format: channels("unorm16", "RGBA"), srgb: false }],
  [16, { format: channels("float", "RG"), srgb: false }],
  [24, { format: masks(32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000), srgb: false }],
  [27, { format: RGBA8, srgb: false }],
  [28, { format: RGBA8, srgb: false }],
  [29, { format: RGBA8, srgb: true }],
  [34, { format: channels("half", "RG"), srgb: false }],
  [35, { format: channels("unorm16", "RG"), srgb: false }],
  [41, { format: channels("float", "R"), srgb: false }],
  [49, { format: masks(16, 0xff, 0xff00, 0, 0), srgb: false }],
  [54, { format: channels("half", "R"), srgb: false }],
  [56, { format: channels("unorm16", "R"), srgb: false }],
  [61, { format: masks(8, 0xff, 0, 0, 0), srgb: false }],
  [65, { format: masks(8, 0, 0, 0, 0xff), srgb: false }],
  [70, { format: block("BC1"), srgb: false }],
  [71, { format: block("BC1"), srgb: false }],
  [72, { format: block("BC1"), srgb: true }],
  [73, { format: block("BC2"), srgb: false }],
  [74, { format: block("BC2"), srgb: false }],
  [75, { format: block("BC2"), srgb: true }],
  [76, { format: block("BC3"), srgb: false }],
  [77, { format: block("BC3"), srgb: false }],
  [78, { format: block("BC3"), srgb: true }],
  [79, { format: block("BC4U"), srgb: false }],
  [80, { format: block("BC4U"), srgb: false }],
  [81, { format: block("BC4S"), srgb: false }],
  [82, { format: block("BC5U"), srgb: false }],
  [83, { format: block("BC5U"), srgb: false }],
  [84, { format: block("BC5S"), srgb: false }],
  [85, { format: masks(16, 0xf800, 0x07e0, 0x001f, 0), srgb: false }],
  [86, { format: masks(16, 0x7c00, 0x03e0, 0x001f, 0x8000), srgb: false }],
  [87, { format: BGRA8, srgb: false }],
  [88, { format: BGRX8, srgb: false }],
  [90, { format: BGRA8, srgb: false }],
  [91, { format: BGRA8, srgb: true }],
  [92, { format: BGRX8, srgb: false }],
  [93, { format: BGRX8, srgb: true }],
  [95, { format: block("BC6HU"), srgb: false }],
  [96, { format: block("BC6HS"), srgb: false }],
  [97, { format: block("BC7"), srgb: false }],
  [98, { format: block("BC7"), srgb: false }],
  [99, { format: block("BC7"), srgb: true }],
  [115, { format: masks(16, 0x0f00, 0x00f0, 0x000f, 0xf000), srgb: false }],
]);

export function dxgiFormat(value: number): DxgiEntry | undefined {
  return DXGI_FORMATS.get(value);
}

/** FourCC code from its four characters (little-endian). */
export function fourCC(s: string): number {
  return (s.charCodeAt(0) | (s.charCodeAt(1) << 8) | (s.charCodeAt(2) << 16) | (s.charCodeAt(3) << 24)) >>> 0;
}

/** The FourCC as text when it is printable ASCII, else its number. */
export function fourCCName(value: number): string {
  let s = "";
  for (let i = 0; i < 4; i++) {
    const c = (value >>> (8 * i)) & 0xff;
    if (c < 0x20 || c > 0x7e) return `FourCC ${value}`;
    s += String.fromCharCode(c);
  }
  return `FourCC "${s}"`;
}

interface FourCCEntry {
  readonly format: PixelFormat;
  readonly name: string;
}

const FOURCC_FORMATS: ReadonlyMap<number, FourCCEntry> = new Map<number, FourCCEntry>([
  [fourCC("DXT1"), { format: block("BC1"), name: "BC1 (DXT1)" }],
  [fourCC("DXT2"), { format: block("BC2"), name: "BC2 (DXT2, premultiplied alpha)" }],
  [fourCC("DXT3"), { format: block("BC2"), name: "BC2 (DXT3)" }],
  [fourCC("DXT4"), { format: block("BC3"), name: "BC3 (DXT4, premultiplied alpha)" }],
  [fourCC("DXT5"), { format: block("BC3"), name: "BC3 (DXT5)" }],
  [fourCC("ATI1"), { format: block("BC4U"), name: "BC4 unsigned (ATI1)" }],
  [fourCC("BC4U"), { format: block("BC4U"), name: "BC4 unsigned (BC4U)" }],
  [fourCC("BC4S"), { format: block("BC4S"), name: "BC4 signed (BC4S)" }],
  [fourCC("ATI2"), { format: block("BC5U"), name: "BC5 unsigned (ATI2)" }],
  [fourCC("BC5U"), { format: block("BC5U"), name: "BC5 unsigned (BC5U)" }],
  [fourCC("BC5S"), { format: block("BC5S"), name: "BC5 signed (BC5S)" }],
  [36, { format: channels("unorm16", "RGBA"), name: "D3DFMT_A16B16G16R16 (36)" }],
  [111, { format: channels("half", "R"), name: "D3DFMT_R16F (111)" }],
  [112, { format: channels("half", "RG"), name: "D3DFMT_G16R16F (112)" }],
  [113, { format: channels("half", "RGBA"), name: "D3DFMT_A16B16G16R16F (113)" }],
  [114, { format: channels("float", "R"), name: "D3DFMT_R32F (114)" }],
  [115, { format: channels("float", "RG"), name: "D3DFMT_G32R32F (115)" }],
  [116, { format: channels("float", "RGBA"), name: "D3DFMT_A32B32G32R32F (116)" }],
]);

/** Names of well-known D3DFMT codes used as FourCC that we do not decode (for messages). */
const D3DFMT_FOURCC_NAMES: ReadonlyMap<number, string> = new Map([
  [110, "D3DFMT_Q16W16V16U16"],
  [117, "D3DFMT_CxV8U8"],
]);

export function fourCCFormat(value: number): FourCCEntry | undefined {
  return FOURCC_FORMATS.get(value);
}

export function unsupportedFourCCName(value: number): string {
  const d3d = D3DFMT_FOURCC_NAMES.get(value);
  return d3d === undefined ? fourCCName(value) : `${d3d} (${value})`;
}

/** Pixel-format flags of DDS_PIXELFORMAT. */
export const DDPF_ALPHAPIXELS = 0x1;
export const DDPF_ALPHA = 0x2;
export const DDPF_FOURCC = 0x4;
export const DDPF_RGB = 0x40;
export const DDPF_YUV = 0x200;
export const DDPF_LUMINANCE = 0x20000;
export const DDPF_BUMPDUDV = 0x80000;

const hex = (v: number, bits: number): string => `0x${(v >>> 0).toString(16).padStart(bits / 4, "0")}`;

const KNOWN_MASKS: readonly (readonly [number, number, number, number, number, string])[] = [
  [32, 0xff0000, 0xff00, 0xff, 0xff000000, "D3DFMT_A8R8G8B8 (BGRA8)"],
  [32, 0xff0000, 0xff00, 0xff, 0, "D3DFMT_X8R8G8B8 (BGRX8)"],
  [32, 0xff, 0xff00, 0xff0000, 0xff000000, "D3DFMT_A8B8G8R8 (RGBA8)"],
  [32, 0xff, 0xff00, 0xff0000, 0, "D3DFMT_X8B8G8R8 (RGBX8)"],
  [32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000, "D3DFMT_A2B10G10R10 (R10G10B10A2)"],
  [32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000, "D3DFMT_A2R10G10B10 (B10G10R10A2)"],
  [32, 0xffff, 0xffff0000, 0, 0, "D3DFMT_G16R16 (RG16)"],
  [24, 0xff0000, 0xff00, 0xff, 0, "D3DFMT_R8G8B8 (BGR8)"],
  [24, 0xff, 0xff00, 0xff0000, 0, "RGB8 (24-bit, R in the first byte)"],
  [16, 0xf800, 0x07e0, 0x001f, 0, "D3DFMT_R5G6B5"],
  [16, 0x7c00, 0x03e0, 0x001f, 0x8000, "D3DFMT_A1R5G5B5 (B5G5R5A1)"],
  [16, 0x7c00, 0x03e0, 0x001f, 0, "D3DFMT_X1R5G5B5"],
  [16, 0x0f00, 0x00f0, 0x000f, 0xf000, "D3DFMT_A4R4G4B4 (B4G4R4A4)"],
  [16, 0x0f00, 0x00f0, 0x000f, 0, "D3DFMT_X4R4G4B4"],
  [16, 0x00e0, 0x001c, 0x0003, 0xff00, "D3DFMT_A8R3G3B2"],
  [8, 0xe0, 0x1c, 0x03, 0, "D3DFMT_R3G3B2"],
];

/** A human name for a legacy mask layout. */
export function maskFormatName(f: MaskPixelFormat): string {
  if (f.luminance) {
    if (f.bits === 8 && f.r === 0xff && f.a === 0) return "D3DFMT_L8";
    if (f.bits === 16 && f.r === 0xff && f.a === 0xff00) return "D3DFMT_A8L8 (L8A8)";
    if (f.bits === 16 && f.r === 0xffff && f.a === 0) return "D3DFMT_L16";
    if (f.bits === 8 && f.r === 0x0f && f.a === 0xf0) return "D3DFMT_A4L4";
    return `Luminance ${f.bits}-bit (L ${hex(f.r, f.bits)}, A ${hex(f.a, f.bits)})`;
  }
  if (f.r === 0 && f.g === 0 && f.b === 0 && f.bits === 8 && f.a === 0xff) return "D3DFMT_A8";
  for (const [bits, r, g, b, a, name] of KNOWN_MASKS) {
    if (bits === f.bits && r === f.r && g === f.g && b === f.b && a === f.a) return name;
  }
  const m = (v: number) => hex(v, f.bits);
  return `RGB ${f.bits}-bit (R ${m(f.r)}, G ${m(f.g)}, B ${m(f.b)}, A ${m(f.a)})`;
}

/** Legacy (non-FourCC) pixel format from DDS_PIXELFORMAT fields, or a reason it is unsupported. */
export function legacyMaskFormat(
  flags: number,
  bitCount: number,
  rMask: number,
  gMask: number,
  bMask: number,
  aMask: number,
): MaskPixelFormat | string {
  const hasAlpha = (flags & (DDPF_ALPHAPIXELS | DDPF_ALPHA)) !== 0;
  const a = hasAlpha ? aMask >>> 0 : 0;
  if (bitCount !== 8 && bitCount !== 16 && bitCount !== 24 && bitCount !== 32) {
    return `legacy ${bitCount}-bit pixel format`;
  }
  const limit = bitCount === 32 ? 0x1_0000_0000 : 2 ** bitCount;
  const all = [rMask >>> 0, gMask >>> 0, bMask >>> 0, a];
  if (all.some((v) => v >= limit)) return `legacy ${bitCount}-bit pixel format with masks wider than the pixel`;
  if ((flags & DDPF_LUMINANCE) !== 0) {
    if (rMask === 0) return "legacy luminance format without a luminance mask";
    return masks(bitCount, rMask >>> 0, 0, 0, a, true);
  }
  if ((flags & DDPF_RGB) !== 0) {
    if (rMask === 0 && gMask === 0 && bMask === 0 && a === 0) return `legacy ${bitCount}-bit RGB format without masks`;
    return masks(bitCount, rMask >>> 0, gMask >>> 0, bMask >>> 0, a);
  }
  if ((flags & DDPF_ALPHA) !== 0) {
    if (a === 0) return "legacy alpha format without an alpha mask";
    return masks(bitCount, 0, 0, 0, a);
  }
  if ((flags & DDPF_BUMPDUDV) !== 0) return `legacy bump-map (DUDV) ${bitCount}-bit format`;
  if ((flags & DDPF_YUV) !== 0) return `legacy YUV ${bitCount}-bit format`;
  return `legacy pixel format with flags ${hex(flags, 32)}`;
}
