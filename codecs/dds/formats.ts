/**
 * DDS pixel formats: the DXGI format table, the FourCC mapping and the legacy bit-mask formats.
 *
 * A format is described by a `PixelFormat`: either a block-compressed format (handed to the block
 * decoders in ./block) or an uncompressed layout decoded by ./uncompressed:
 * - "masks": packed pixels of 8-32 bits read little-endian, each channel extracted with a bit mask
 *   and rescaled exactly to 8 bits (round(v * 255 / max)); luminance formats copy L to R, G and B.
 * - "unorm16" / "snorm8" / "snorm16" / "half" / "float": normalised or float channels in memory
 *   order (`channels`, e.g. "RGBA", "RG", "R").
 * - "r11g11b10f" / "rgb9e5": 32-bit packed floats; "palette8": indices into the palette after the
 *   header; "pairs": two pixels in 4 bytes sharing two channels (YUY2, UYVY, RGBG, GRGB); "r1": 1 bit.
 * Missing channels follow the Direct3D convention: R, G, B = 0 and A = 1 (255); SNORM formats' missing
 * colour channels are a signed 0 (128). Refusals (`unsupportedDxgiMessage`, `unsupportedFourCCMessage`,
 * `legacyMaskFormat`'s strings) name the format in plain words, never by its number alone.
 */

/** Block formats (the same union as ./block's BlockFormat). */
export type BlockFormat = "BC1" | "BC2" | "BC3" | "BC4U" | "BC4S" | "BC5U" | "BC5S" | "BC6HU" | "BC6HS" | "BC7";

export interface BlockPixelFormat {
  readonly kind: "block";
  readonly block: BlockFormat;
  readonly blockBytes: 8 | 16;
  /** Doom 3's "RXGB": BC3 whose alpha holds red (and whose red is unused): swapped back after decoding. */
  readonly swizzle?: "rxgb";
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

/**
 * One value per channel in memory order; `channels` is a string over "RGBA". SNORM values map
 * [-1, 1] to [0, 255] (v · 0.5 + 0.5, as BC4/BC5 signed and DirectXTex's SNORM to UNORM do).
 */
export interface ChannelPixelFormat {
  readonly kind: "unorm16" | "snorm8" | "snorm16" | "half" | "float";
  readonly channels: "R" | "RG" | "RGB" | "RGBA";
}

/** 32-bit packed floats: R11G11B10_FLOAT and the R9G9B9E5 shared-exponent format (HDR, tone-mapped). */
export type PackedFloatPixelFormat = { readonly kind: "r11g11b10f" } | { readonly kind: "rgb9e5" };

/** 8-bit indices into the 256 RGBA entries (1024 bytes) stored right after the header. */
export interface PalettePixelFormat {
  readonly kind: "palette8";
}

/**
 * Pairs of pixels in 4 bytes sharing two of their channels: YUY2 and UYVY video (Y per pixel, U and
 * V shared; BT.601 studio range, as ffmpeg converts them), and R8G8_B8G8 / G8R8_G8B8 (G per pixel,
 * R and B shared), in the byte order the name gives.
 */
export interface PairPixelFormat {
  readonly kind: "pairs";
  readonly order: "YUY2" | "UYVY" | "RGBG" | "GRGB";
}

/** R1_UNORM: one bit a pixel, the leftmost pixel in the byte's top bit, rows whole bytes. */
export interface BitPixelFormat {
  readonly kind: "r1";
}

export type UncompressedPixelFormat =
  | MaskPixelFormat
  | ChannelPixelFormat
  | PackedFloatPixelFormat
  | PalettePixelFormat
  | PairPixelFormat
  | BitPixelFormat;
export type PixelFormat = BlockPixelFormat | UncompressedPixelFormat;

/** Bits per pixel of an uncompressed format. */
export function bitsPerPixel(f: UncompressedPixelFormat): number {
  if (f.kind === "masks") return f.bits;
  if (f.kind === "palette8") return 8;
  if (f.kind === "pairs") return 16;
  if (f.kind === "r1") return 1;
  if (f.kind === "r11g11b10f" || f.kind === "rgb9e5") return 32;
  const bytes = f.kind === "float" ? 4 : f.kind === "snorm8" ? 1 : 2;
  return f.channels.length * bytes * 8;
}

/** Bytes stored between the header and the first surface: the palette of a P8 file. */
export const PALETTE_BYTES = 1024;

/** True for formats decoded through the float tone-mapping path (HDR). */
export function isHdr(f: PixelFormat): boolean {
  return (
    f.kind === "half" ||
    f.kind === "float" ||
    f.kind === "r11g11b10f" ||
    f.kind === "rgb9e5" ||
    (f.kind === "block" && (f.block === "BC6HU" || f.block === "BC6HS"))
  );
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
  // ASTC in DX10 headers (Windows' own numbers, as DirectXTex and NVTT write them): typeless, unorm, sRGB per block size
  ...[
    [4, 4], [5, 4], [5, 5], [6, 5], [6, 6], [8, 5], [8, 6], [8, 8], [10, 5], [10, 6], [10, 8], [10, 10], [12, 10], [12, 12],
  ].flatMap(([w, h], i): [number, string][] => [
    [133 + 4 * i, `ASTC_${w}X${h}_TYPELESS`],
    [134 + 4 * i, `ASTC_${w}X${h}_UNORM`],
    [135 + 4 * i, `ASTC_${w}X${h}_UNORM_SRGB`],
  ]),
  [189, "SAMPLER_FEEDBACK_MIN_MIP_OPAQUE"],
  [190, "SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE"],
  [191, "A4B4G4R4_UNORM"],
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
  [1, { format: channels("float", "RGBA"), srgb: false }],
  [2, { format: channels("float", "RGBA"), srgb: false }],
  [5, { format: channels("float", "RGB"), srgb: false }],
  [6, { format: channels("float", "RGB"), srgb: false }],
  [9, { format: channels("unorm16", "RGBA"), srgb: false }],
  [10, { format: channels("half", "RGBA"), srgb: false }],
  [11, { format: channels("unorm16", "RGBA"), srgb: false }],
  [13, { format: channels("snorm16", "RGBA"), srgb: false }],
  [15, { format: channels("float", "RG"), srgb: false }],
  [16, { format: channels("float", "RG"), srgb: false }],
  [23, { format: masks(32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000), srgb: false }],
  [24, { format: masks(32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000), srgb: false }],
  [26, { format: { kind: "r11g11b10f" }, srgb: false }],
  [27, { format: RGBA8, srgb: false }],
  [28, { format: RGBA8, srgb: false }],
  [29, { format: RGBA8, srgb: true }],
  [31, { format: channels("snorm8", "RGBA"), srgb: false }],
  [33, { format: channels("unorm16", "RG"), srgb: false }],
  [34, { format: channels("half", "RG"), srgb: false }],
  [35, { format: channels("unorm16", "RG"), srgb: false }],
  [37, { format: channels("snorm16", "RG"), srgb: false }],
  [39, { format: channels("float", "R"), srgb: false }],
  [40, { format: channels("float", "R"), srgb: false }],
  [41, { format: channels("float", "R"), srgb: false }],
  [48, { format: masks(16, 0xff, 0xff00, 0, 0), srgb: false }],
  [49, { format: masks(16, 0xff, 0xff00, 0, 0), srgb: false }],
  [51, { format: channels("snorm8", "RG"), srgb: false }],
  [53, { format: channels("unorm16", "R"), srgb: false }],
  [54, { format: channels("half", "R"), srgb: false }],
  [55, { format: channels("unorm16", "R"), srgb: false }],
  [56, { format: channels("unorm16", "R"), srgb: false }],
  [58, { format: channels("snorm16", "R"), srgb: false }],
  [60, { format: masks(8, 0xff, 0, 0, 0), srgb: false }],
  [61, { format: masks(8, 0xff, 0, 0, 0), srgb: false }],
  [63, { format: channels("snorm8", "R"), srgb: false }],
  [65, { format: masks(8, 0, 0, 0, 0xff), srgb: false }],
  [67, { format: { kind: "rgb9e5" }, srgb: false }],
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
  [191, { format: masks(16, 0xf000, 0x0f00, 0x00f0, 0x000f), srgb: false }],
  [66, { format: { kind: "r1" }, srgb: false }],
  [68, { format: { kind: "pairs", order: "RGBG" }, srgb: false }],
  [69, { format: { kind: "pairs", order: "GRGB" }, srgb: false }],
  [107, { format: { kind: "pairs", order: "YUY2" }, srgb: false }],
]);

export function dxgiFormat(value: number): DxgiEntry | undefined {
  return DXGI_FORMATS.get(value);
}

/** Plain descriptions of the DXGI formats we do not decode, by family (for refusals). */
function unsupportedDxgiDescription(value: number): string | undefined {
  const name = DXGI_NAMES[value] ?? DXGI_EXTRA_NAMES.get(value);
  if (name === undefined || value === 0) return undefined;
  if (name === "R9G9B9E5_SHAREDEXP") return "the R9G9B9E5 shared-exponent format";
  const astc = /^ASTC_(\d+)X(\d+)_/.exec(name);
  if (astc !== null) return `ASTC ${astc[1]}×${astc[2]} compression (a mobile format)`;
  if (name.startsWith("SAMPLER_FEEDBACK")) return "a sampler-feedback map (GPU bookkeeping, not a picture)";
  if (/^(D\d|R32G8X24|R32_FLOAT_X8|X32_|R24G8|R24_UNORM|X24_)/.test(name)) return `the ${name} depth-stencil format`;
  if (/_(UINT|SINT)$/.test(name)) return `the ${name} integer format (raw whole numbers, not colours)`;
  if (name === "R1_UNORM") return "the 1-bit R1 format";
  if (name === "R8G8_B8G8_UNORM" || name === "G8R8_G8B8_UNORM") return `the packed 4:2:2 ${name} format`;
  if (name === "R10G10B10_XR_BIAS_A2_UNORM") return "the R10G10B10 extended-range (XR bias) format";
  if (name === "P8" || name === "A8P8") return `the palettised ${name} format`;
  if (/^(AYUV|Y4|Y2|NV1|P0|P2|V2|V4|YUY2|420_OPAQUE|AI44|IA44)/.test(name)) return `the ${name} video (YUV) format`;
  return `the ${name} format`;
}

/** The refusal for a DX10 header's format that we do not decode: plain words, no bare numbers. */
export function unsupportedDxgiMessage(value: number): string {
  const description = unsupportedDxgiDescription(value);
  if (description !== undefined) return `This DDS file uses ${description}, which this tool cannot convert yet.`;
  if (value === 0) return "This DDS file's header is damaged: its DX10 header leaves the pixel format unset (\"unknown\"), so the pixels cannot be read.";
  return `This DDS file's header is damaged: its DX10 header names pixel format number ${value}, which does not exist.`;
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
  [fourCC("RXGB"), { format: { ...block("BC3"), swizzle: "rxgb" }, name: "BC3 with red in alpha (Doom 3 RXGB)" }],
  // NVIDIA/ATI tools' swizzled BC3 normal maps: returned as stored, as DirectXTex does
  ...["A2D5", "xGBR", "RxBG", "RBxG", "xRBG", "RGxB", "xGxR"].map(
    (code): [number, FourCCEntry] => [fourCC(code), { format: block("BC3"), name: `BC3 (${code}, channels as stored)` }],
  ),
  [fourCC("P8  "), { format: { kind: "palette8" }, name: "P8 (ATI palette)" }],
  [fourCC("YUY2"), { format: { kind: "pairs", order: "YUY2" }, name: "YUY2 (YUV 4:2:2)" }],
  [fourCC("UYVY"), { format: { kind: "pairs", order: "UYVY" }, name: "UYVY (YUV 4:2:2)" }],
  [fourCC("RGBG"), { format: { kind: "pairs", order: "RGBG" }, name: "R8G8_B8G8 (RGBG)" }],
  [fourCC("GRGB"), { format: { kind: "pairs", order: "GRGB" }, name: "G8R8_G8B8 (GRGB)" }],
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
  // Direct3D 9 format codes written in the FourCC field (D3DX, older exporters)
  [20, { format: masks(24, 0xff0000, 0xff00, 0xff, 0), name: "D3DFMT_R8G8B8" }],
  [21, { format: BGRA8, name: "D3DFMT_A8R8G8B8" }],
  [22, { format: BGRX8, name: "D3DFMT_X8R8G8B8" }],
  [23, { format: masks(16, 0xf800, 0x07e0, 0x001f, 0), name: "D3DFMT_R5G6B5" }],
  [24, { format: masks(16, 0x7c00, 0x03e0, 0x001f, 0), name: "D3DFMT_X1R5G5B5" }],
  [25, { format: masks(16, 0x7c00, 0x03e0, 0x001f, 0x8000), name: "D3DFMT_A1R5G5B5" }],
  [26, { format: masks(16, 0x0f00, 0x00f0, 0x000f, 0xf000), name: "D3DFMT_A4R4G4B4" }],
  [27, { format: masks(8, 0xe0, 0x1c, 0x03, 0), name: "D3DFMT_R3G3B2" }],
  [28, { format: masks(8, 0, 0, 0, 0xff), name: "D3DFMT_A8" }],
  [29, { format: masks(16, 0x00e0, 0x001c, 0x0003, 0xff00), name: "D3DFMT_A8R3G3B2" }],
  [30, { format: masks(16, 0x0f00, 0x00f0, 0x000f, 0), name: "D3DFMT_X4R4G4B4" }],
  [31, { format: masks(32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000), name: "D3DFMT_A2B10G10R10" }],
  [32, { format: RGBA8, name: "D3DFMT_A8B8G8R8" }],
  [33, { format: masks(32, 0xff, 0xff00, 0xff0000, 0), name: "D3DFMT_X8B8G8R8" }],
  [34, { format: channels("unorm16", "RG"), name: "D3DFMT_G16R16" }],
  [35, { format: masks(32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000), name: "D3DFMT_A2R10G10B10" }],
  [36, { format: channels("unorm16", "RGBA"), name: "D3DFMT_A16B16G16R16 (36)" }],
  [41, { format: { kind: "palette8" }, name: "D3DFMT_P8" }],
  [50, { format: masks(8, 0xff, 0, 0, 0, true), name: "D3DFMT_L8" }],
  [51, { format: masks(16, 0xff, 0, 0, 0xff00, true), name: "D3DFMT_A8L8" }],
  [52, { format: masks(8, 0x0f, 0, 0, 0xf0, true), name: "D3DFMT_A4L4" }],
  [60, { format: channels("snorm8", "RG"), name: "D3DFMT_V8U8" }],
  [63, { format: channels("snorm8", "RGBA"), name: "D3DFMT_Q8W8V8U8" }],
  [64, { format: channels("snorm16", "RG"), name: "D3DFMT_V16U16" }],
  [81, { format: masks(16, 0xffff, 0, 0, 0, true), name: "D3DFMT_L16" }],
  [110, { format: channels("snorm16", "RGBA"), name: "D3DFMT_Q16W16V16U16" }],
  [111, { format: channels("half", "R"), name: "D3DFMT_R16F (111)" }],
  [112, { format: channels("half", "RG"), name: "D3DFMT_G16R16F (112)" }],
  [113, { format: channels("half", "RGBA"), name: "D3DFMT_A16B16G16R16F (113)" }],
  [114, { format: channels("float", "R"), name: "D3DFMT_R32F (114)" }],
  [115, { format: channels("float", "RG"), name: "D3DFMT_G32R32F (115)" }],
  [116, { format: channels("float", "RGBA"), name: "D3DFMT_A32B32G32R32F (116)" }],
]);

/** Plain descriptions of known FourCC codes that we do not decode (for refusals). */
const UNSUPPORTED_FOURCCS: ReadonlyMap<number, string> = new Map([
  [117, "the CxV8U8 normal-map format"],
  [40, "the palettised A8P8 format"],
  [61, "the L6V5U5 bump-map format"],
  [62, "the X8L8V8U8 bump-map format"],
  [67, "the A2W10V10U10 bump-map format"],
  [fourCC("Y210"), "the Y210 video (YUV) format"],
  [fourCC("ETC "), "ETC1 compression (a mobile format)"],
  [fourCC("ETC1"), "ETC1 compression (a mobile format)"],
  [fourCC("ETC2"), "ETC2 compression (a mobile format)"],
  [fourCC("ATC "), "ATC compression (a mobile format)"],
  [fourCC("ATCA"), "ATC compression with alpha (a mobile format)"],
  [fourCC("ATCI"), "ATC compression with alpha (a mobile format)"],
  [fourCC("PTC2"), "PVRTC compression (a mobile format)"],
  [fourCC("PTC4"), "PVRTC compression (a mobile format)"],
  [fourCC("AEXP"), "BC3 with an exponent in alpha (AEXP)"],
  [fourCC("YCG1"), "the YCoCg BC1 variant (YCG1)"],
  [fourCC("YCG2"), "the YCoCg BC3 variant (YCG2)"],
  [fourCC("MET1"), "the MET1 format"],
]);

export function fourCCFormat(value: number): FourCCEntry | undefined {
  return FOURCC_FORMATS.get(value);
}

/** The refusal for a FourCC we do not decode: a known format by name, else what is wrong with the code. */
export function unsupportedFourCCMessage(value: number): string {
  const known = UNSUPPORTED_FOURCCS.get(value);
  if (known !== undefined) return `This DDS file uses ${known}, which this tool cannot convert yet.`;
  if (value === 0) return "This DDS file's header is damaged: it says the pixels are compressed but names no compression format.";
  const name = fourCCName(value);
  if (name.startsWith("FourCC \"") && /^[A-Za-z0-9 _]{4}$/.test(name.slice(8, 12))) {
    return `This DDS file uses a compression format called "${name.slice(8, 12)}" that this tool does not know.`;
  }
  return "This DDS file's header is damaged: the name of its compression format is not readable text.";
}

/** Pixel-format flags of DDS_PIXELFORMAT. */
export const DDPF_ALPHAPIXELS = 0x1;
export const DDPF_ALPHA = 0x2;
export const DDPF_FOURCC = 0x4;
export const DDPF_PALETTEINDEXED4 = 0x8;
export const DDPF_PALETTEINDEXED8 = 0x20;
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

const fits = (mask: number, bits: number): boolean => mask >>> 0 !== 0 && (bits === 32 || mask >>> 0 < 2 ** bits);

/**
 * Legacy (non-FourCC) pixel format from DDS_PIXELFORMAT fields, or the refusal's sentence.
 * Lenient as Pillow and ImageMagick are: luminance masks that do not fit the pixel fall back to the
 * standard L8 / A8L8 / L16 layouts, an RGB layout without masks uses Direct3D's default for its size,
 * an alpha mask with only DDPF_ALPHAPIXELS is A8, and a palette's bit count is ignored (it is 8).
 */
export function legacyMaskFormat(
  flags: number,
  bitCount: number,
  rMask: number,
  gMask: number,
  bMask: number,
  aMask: number,
): UncompressedPixelFormat | string {
  if ((flags & DDPF_PALETTEINDEXED8) !== 0) return { kind: "palette8" };
  if ((flags & DDPF_PALETTEINDEXED4) !== 0) return "This DDS file uses a 4-bit palette, which this tool cannot convert yet.";
  const hasAlpha = (flags & (DDPF_ALPHAPIXELS | DDPF_ALPHA)) !== 0;
  const a = hasAlpha && fits(aMask, bitCount) ? aMask >>> 0 : 0;
  if ((flags & DDPF_LUMINANCE) !== 0) {
    if (bitCount === 8) {
      if (fits(rMask, 8)) return masks(8, rMask >>> 0, 0, 0, a, true);
      return masks(8, 0xff, 0, 0, 0, true);
    }
    if (bitCount === 16) {
      if (fits(rMask, 16)) return masks(16, rMask >>> 0, 0, 0, a, true);
      return hasAlpha ? masks(16, 0xff, 0, 0, 0xff00, true) : masks(16, 0xffff, 0, 0, 0, true);
    }
    return `This DDS file describes a ${bitCount}-bit greyscale (luminance) layout, which no Direct3D format has and this tool cannot read.`;
  }
  if (bitCount !== 8 && bitCount !== 16 && bitCount !== 24 && bitCount !== 32) {
    if (bitCount === 0 && (flags & (DDPF_RGB | DDPF_ALPHA | DDPF_ALPHAPIXELS)) !== 0) {
      return "This DDS file's header is damaged: it gives its uncompressed pixels a size of 0 bits.";
    }
    if ((flags & (DDPF_RGB | DDPF_ALPHA | DDPF_ALPHAPIXELS | DDPF_BUMPDUDV | DDPF_YUV)) === 0) return unknownFlags(flags);
    return `This DDS file uses ${bitCount}-bit pixels, a size no Direct3D format has, so this tool cannot read them.`;
  }
  const limit = bitCount === 32 ? 0x1_0000_0000 : 2 ** bitCount;
  if ((flags & DDPF_BUMPDUDV) !== 0) {
    // the signed layouts Direct3D 9 calls V8U8, Q8W8V8U8 and V16U16 (DirectXTex reads them as SNORM)
    const m = [rMask >>> 0, gMask >>> 0, bMask >>> 0, aMask >>> 0].join(",");
    if (bitCount === 16 && m === "255,65280,0,0") return { kind: "snorm8", channels: "RG" };
    if (bitCount === 32 && m === "255,65280,16711680,4278190080") return { kind: "snorm8", channels: "RGBA" };
    if (bitCount === 32 && m === "65535,4294901760,0,0") return { kind: "snorm16", channels: "RG" };
    return `This DDS file uses a ${bitCount}-bit bump-map (DUDV) format, which this tool cannot convert yet.`;
  }
  if ((flags & DDPF_YUV) !== 0) return `This DDS file uses a ${bitCount}-bit video (YUV) format, which this tool cannot convert yet.`;
  if ((flags & DDPF_RGB) !== 0) {
    const rgb = [rMask >>> 0, gMask >>> 0, bMask >>> 0];
    if (rgb.every((v) => v === 0)) {
      // no colour masks: Direct3D's usual layout for the size (ImageMagick reads these too)
      if (bitCount === 32) return a !== 0 ? BGRA8 : BGRX8;
      if (bitCount === 24) return masks(24, 0xff0000, 0xff00, 0xff, 0);
      if (bitCount === 16) return masks(16, 0xf800, 0x07e0, 0x001f, 0);
      return masks(8, 0xe0, 0x1c, 0x03, 0);
    }
    if (rgb.some((v) => v >= limit)) {
      return `This DDS file's header is damaged: its colour masks reach past its ${bitCount}-bit pixels.`;
    }
    return masks(bitCount, rgb[0]!, rgb[1]!, rgb[2]!, a);
  }
  if (hasAlpha) {
    if (a !== 0) return masks(bitCount, 0, 0, 0, a);
    if (bitCount === 8) return masks(8, 0, 0, 0, 0xff);
    return "This DDS file's header is damaged: it has only an alpha channel but no alpha mask.";
  }
  return unknownFlags(flags);
}

function unknownFlags(flags: number): string {
  if (flags === 0) return "This DDS file's header is damaged: its pixel format is empty (no flag says how the pixels are stored).";
  return `This DDS file's header is damaged: its pixel format flags (${hex(flags, 32)}) describe no known way of storing pixels.`;
}
