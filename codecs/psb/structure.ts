// The outline of a PSB (large document) or PSD file, read before ag-psd decodes anything: the
// header (size, channels, depth, colour mode), the resolution, and where the composite image
// lies. It lets us refuse a huge or unsupported file before any allocation, and call a truncated
// file truncated (ag-psd pads missing bytes with zeros and carries on).
import { PsbError } from "./errors.ts";

export const ColorMode = { Bitmap: 0, Grayscale: 1, Indexed: 2, RGB: 3, CMYK: 4, Multichannel: 7, Duotone: 8, Lab: 9 } as const;

const COLOR_MODE_NAMES: Record<number, string> = { 0: "Bitmap", 1: "Grayscale", 2: "Indexed", 3: "RGB", 4: "CMYK", 7: "Multichannel", 8: "Duotone", 9: "Lab" };

export function colorModeName(mode: number): string {
  return COLOR_MODE_NAMES[mode] ?? `colour mode ${mode}`;
}

export interface PsbStructure {
  /** "PSB" for the large document format (version 2), "PSD" for version 1 */
  format: "PSB" | "PSD";
  width: number;
  height: number;
  channels: number;
  bitsPerChannel: number;
  colorMode: number;
  /** pixels per inch (ResolutionInfo resource), 72 when absent */
  dpiX: number;
  dpiY: number;
  /** 0 raw, 1 RLE (PackBits), 2 ZIP, 3 ZIP with prediction */
  compression: number;
  /** where the composite image's data starts (after its compression field) */
  imageDataOffset: number;
  /** the writer named by the version-info resource ("Adobe Photoshop"), null when the file has none */
  writer: string | null;
  /** the version-info resource's "has real merged data" flag: false when the composite is a stand-in; null without the resource */
  hasRealMergedData: boolean | null;
  /** where the colour mode data (an indexed image's palette) lies */
  colorModeData: { start: number; end: number };
  /** where the layer and mask information section lies (its contents, after the length) */
  layerSection: { start: number; end: number };
  /** the layer count as stored (negative: the composite's first extra channel is its transparency); 0 without a layer list */
  layerCount: number;
  /** the names of the extra (alpha and spot) channels, from the alpha names resources (0x0415, else 0x03EE) */
  extraChannelNames: string[];
  /** whether the file has an alpha names resource at all (Photoshop writes one for every alpha or spot channel) */
  namesExtraChannels: boolean;
  /** an indexed image's transparent palette entry (0x0417), null when it has none */
  transparentIndex: number | null;
  /** the document's light angle in degrees for effects that use it (0x040D), 120 when absent */
  globalAngle: number;
}

export const DEFAULT_DPI = 72;
export const MAX_SIDE = 16384;
export const MAX_DECODED_BYTES = 1024 * 1024 * 1024;
const RESOLUTION_INFO = 0x03ed;
const VERSION_INFO = 0x0421;
const ALPHA_NAMES = 0x03ee;
const GLOBAL_ANGLE = 0x040d;
const UNICODE_ALPHA_NAMES = 0x0415;
const TRANSPARENCY_INDEX = 0x0417;

class Cursor {
  readonly view: DataView;
  offset = 0;
  /** "PSB file" or "PSD file" once the version is known */
  kind = "file";
  constructor(bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  get length(): number {
    return this.view.byteLength;
  }
  need(size: number, what: string): void {
    if (this.offset + size > this.length) {
      throw new PsbError(`The ${this.kind} is truncated: ${what} needs ${this.offset + size - this.length} more bytes than the file has.`, "truncated");
    }
  }
  u16(): number {
    this.need(2, "the file");
    this.offset += 2;
    return this.view.getUint16(this.offset - 2);
  }
  u32(): number {
    this.need(4, "the file");
    this.offset += 4;
    return this.view.getUint32(this.offset - 4);
  }
  /** a section length: 4 bytes in PSD, 8 in PSB for the layer section */
  length64(): number {
    const high = this.u32();
    const low = this.u32();
    if (high > 0x1fffff) throw new PsbError("The file is corrupt: a section claims to be larger than any real file.", "corrupt");
    return high * 2 ** 32 + low;
  }
  skip(size: number, what: string): void {
    this.need(size, what);
    this.offset += size;
  }
}

/** Reads the header, the resolution and the composite image's position and checks that its data is all there. */
export function readPsbStructure(bytes: Uint8Array): PsbStructure {
  const c = new Cursor(bytes);
  const signature = String.fromCharCode(...bytes.subarray(0, 4));
  if (bytes.byteLength >= 4 && signature !== "8BPS") throw new PsbError("This is not a Photoshop file: it does not start with the PSB/PSD signature '8BPS'.", "bad-magic");
  if (bytes.byteLength < 4) throw new PsbError("This is not a Photoshop file: it is too short to hold a PSB/PSD header.", "bad-magic");
  if (bytes.byteLength < 26) throw new PsbError(`This Photoshop file is truncated: it ends after ${bytes.byteLength} bytes, inside its 26-byte header.`, "truncated");
  c.offset = 4;
  const version = c.u16();
  if (version !== 1 && version !== 2) throw new PsbError(`This is not a PSB or PSD file: its version is ${version} (PSD is 1, PSB is 2).`, "bad-magic");
  const large = version === 2;
  c.kind = large ? "PSB file" : "PSD file";
  c.skip(6, "the header");
  const channels = c.u16();
  const height = c.u32();
  const width = c.u32();
  const bitsPerChannel = c.u16();
  const colorMode = c.u16();
  if (channels < 1 || channels > 56) throw new PsbError(`The file is corrupt: it declares ${channels} channels (Photoshop allows 1 to 56).`, "corrupt");
  if (width < 1 || height < 1) throw new PsbError(`The file is corrupt: it declares an image of ${width} × ${height} pixels.`, "corrupt");
  if (![1, 8, 16, 32].includes(bitsPerChannel)) throw new PsbError(`The file is corrupt: it declares ${bitsPerChannel} bits per channel.`, "corrupt");
  const kind = large ? "PSB" : "PSD";
  // PSB allows 300,000 pixels a side: refuse what we cannot hold before reading further
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new PsbError(`This ${kind} image is ${width} × ${height} pixels; this tool converts images up to ${MAX_SIDE} pixels a side.`, "too-large");
  }
  // ag-psd decodes into RGBA at the file's depth (16-bit: 2 bytes a sample, 32-bit: 4)
  const decodedBytes = width * height * 4 * Math.max(1, bitsPerChannel / 8);
  if (decodedBytes > MAX_DECODED_BYTES) {
    throw new PsbError(`This ${kind} image (${width} × ${height} pixels, ${bitsPerChannel}-bit) would need more than 1 GiB of memory once decoded, more than this tool allows.`, "too-large");
  }

  // colour mode data (the palette of an indexed image)
  const colorModeLength = c.u32();
  const colorModeData = { start: c.offset, end: c.offset + colorModeLength };
  c.skip(colorModeLength, "the colour mode data");

  // image resources: only ResolutionInfo matters here
  const resourcesLength = c.u32();
  c.need(resourcesLength, "the image resources");
  const resourcesEnd = c.offset + resourcesLength;
  let dpiX = DEFAULT_DPI;
  let dpiY = DEFAULT_DPI;
  let writer: string | null = null;
  let hasRealMergedData: boolean | null = null;
  let pascalNames: string[] = [];
  let globalAngle = 120;
  let unicodeNames: string[] | null = null;
  let namesExtraChannels = false;
  let transparentIndex: number | null = null;
  while (c.offset + 12 <= resourcesEnd) {
    if (c.u32() !== 0x3842494d) break; // '8BIM'
    const id = c.u16();
    const nameLength = c.view.getUint8(c.offset);
    c.offset += (nameLength + 2) & ~1; // Pascal string padded to an even length
    const size = c.u32();
    if (c.offset + size > resourcesEnd) break;
    if (id === RESOLUTION_INFO && size >= 16) {
      // fixed-point 16.16, always pixels per inch (the unit fields only say how Photoshop shows it)
      dpiX = sanitizeDpi(c.view.getUint32(c.offset) / 65536);
      dpiY = sanitizeDpi(c.view.getUint32(c.offset + 8) / 65536);
    }
    if (id === GLOBAL_ANGLE && size >= 4) globalAngle = c.view.getInt32(c.offset);
    if (id === ALPHA_NAMES) pascalNames = readPascalNames(bytes, c.offset, size);
    if (id === UNICODE_ALPHA_NAMES) unicodeNames = readUnicodeNames(c.view, c.offset, size);
    if (id === ALPHA_NAMES || id === UNICODE_ALPHA_NAMES) namesExtraChannels = true;
    if (id === TRANSPARENCY_INDEX && size >= 2) transparentIndex = c.view.getUint16(c.offset);
    if (id === VERSION_INFO) {
      writer = versionInfoWriter(c.view, c.offset, size);
      if (size >= 5) hasRealMergedData = c.view.getUint8(c.offset + 4) !== 0;
    }
    c.offset += (size + 1) & ~1;
  }
  c.offset = resourcesEnd;

  // layer and mask information: only its extent and the layer count here (./layers.ts reads it)
  const layerSectionLength = large ? c.length64() : c.u32();
  const layerSection = { start: c.offset, end: c.offset + layerSectionLength };
  c.skip(layerSectionLength, "the layer section");
  const layerCount = readLayerCount(c.view, layerSection, large);

  const compression = c.u16();
  const imageDataOffset = c.offset;
  const bytesPerRow = bitsPerChannel === 1 ? Math.ceil(width / 8) : width * (bitsPerChannel / 8);
  if (compression === 0) {
    c.need(bytesPerRow * height * channels, "the composite image");
  } else if (compression === 1) {
    // a table of every row's compressed length (2 bytes each in PSD, 4 in PSB), then the rows
    const rows = height * channels;
    const countSize = large ? 4 : 2;
    c.need(rows * countSize, "the composite image's row table");
    let total = 0;
    for (let i = 0; i < rows; i++) total += large ? c.view.getUint32(c.offset + i * 4) : c.view.getUint16(c.offset + i * 2);
    c.offset += rows * countSize;
    c.need(total, "the composite image");
  } else if (compression !== 2 && compression !== 3) {
    throw new PsbError(`The file is corrupt: its composite image uses an unknown compression (${compression}).`, "corrupt");
  }
  return {
    format: large ? "PSB" : "PSD",
    width,
    height,
    channels,
    bitsPerChannel,
    colorMode,
    dpiX,
    dpiY,
    compression,
    imageDataOffset,
    writer,
    hasRealMergedData,
    colorModeData,
    layerSection,
    layerCount,
    extraChannelNames: unicodeNames ?? pascalNames,
    namesExtraChannels,
    transparentIndex: transparentIndex !== null && transparentIndex < 256 ? transparentIndex : null,
    globalAngle,
  };
}

/** Pascal strings one after another (0x03EE). */
function readPascalNames(bytes: Uint8Array, start: number, size: number): string[] {
  const names: string[] = [];
  // bounded by the resource's size: each name moves at least one byte
  for (let at = start; at < start + size; ) {
    const length = bytes[at]!;
    names.push(String.fromCharCode(...bytes.subarray(at + 1, Math.min(at + 1 + length, start + size))));
    at += 1 + length;
  }
  return names;
}

/** Unicode strings one after another (0x0415): a 4-byte count of UTF-16 units, then the units. */
function readUnicodeNames(view: DataView, start: number, size: number): string[] {
  const names: string[] = [];
  for (let at = start; at + 4 <= start + size; ) {
    const units = view.getUint32(at);
    if (units > (start + size - at - 4) / 2) break;
    const codes: number[] = [];
    for (let i = 0; i < units; i++) codes.push(view.getUint16(at + 4 + i * 2));
    names.push(String.fromCharCode(...codes).replace(/\0+$/, ""));
    at += 4 + units * 2;
  }
  return names;
}

/** The signed layer count at the start of the layer info (after its 4- or 8-byte length), 0 when there is none. */
function readLayerCount(view: DataView, section: { start: number; end: number }, large: boolean): number {
  const lengthSize = large ? 8 : 4;
  if (section.end - section.start < lengthSize + 2) return 0;
  const infoLength = large ? view.getUint32(section.start + 4) : view.getUint32(section.start);
  if (infoLength < 2) return 0;
  return view.getInt16(section.start + lengthSize);
}

function sanitizeDpi(value: number): number {
  // 16.16 fixed point: 200 dpi is stored as 200.0000153
  return Number.isFinite(value) && value >= 1 && value <= 100_000 ? Math.round(value * 1000) / 1000 : DEFAULT_DPI;
}

/** The writer's name in a version-info resource: version (4 bytes), has-real-merged-data (1), then the name as a Unicode string (a 4-byte count of UTF-16 code units, big-endian). */
function versionInfoWriter(view: DataView, start: number, size: number): string | null {
  if (size < 9) return null;
  const units = view.getUint32(start + 5);
  if (units > (size - 9) / 2) return null;
  const codes: number[] = [];
  for (let i = 0; i < units; i++) codes.push(view.getUint16(start + 9 + i * 2));
  return String.fromCharCode(...codes).replace(/\0+$/, "");
}
