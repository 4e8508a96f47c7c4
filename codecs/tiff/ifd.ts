// The TIFF container: header, the chain of image file directories (IFDs) and the tags a page needs.
// Our own bounded reader instead of utif2's `decode`, which follows IFD chains without cycle
// detection and reads tag arrays of any declared length: a hostile file could hang it. Every read
// here is checked against the file's length, so a corrupt file ends in a TiffError.
import { TiffError } from "./errors.ts";
import type { Orientation } from "../image/orient.ts";

/** Tags we read (TIFF 6.0 numbers). */
export const Tag = {
  NewSubfileType: 254,
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  Photometric: 262,
  FillOrder: 266,
  StripOffsets: 273,
  SamplesPerPixel: 277,
  RowsPerStrip: 278,
  StripByteCounts: 279,
  Orientation: 274,
  XResolution: 282,
  YResolution: 283,
  PlanarConfiguration: 284,
  T4Options: 292,
  ResolutionUnit: 296,
  Predictor: 317,
  ColorMap: 320,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  InkSet: 332,
  ExtraSamples: 338,
  SampleFormat: 339,
  JPEGTables: 347,
  JPEGProc: 512,
  JPEGInterchangeFormat: 513,
  JPEGInterchangeFormatLength: 514,
  JPEGRestartInterval: 515,
  JPEGQTables: 519,
  JPEGDCTables: 520,
  JPEGACTables: 521,
  YCbCrCoefficients: 529,
  YCbCrSubsampling: 530,
  ReferenceBlackWhite: 532,
} as const;

/** Where a page's pixel data lives: strips (full-width bands) or tiles. */
export interface TiffChunks {
  tiled: boolean;
  /** strip: the image width; tile: TileWidth */
  chunkWidth: number;
  /** strip: RowsPerStrip (at most the height); tile: TileLength */
  chunkHeight: number;
  offsets: number[];
  byteCounts: number[];
  /** how many chunks the file lists (fewer than the page needs: the rest are left blank, as libtiff does) */
  listed: number;
}

/** How YCbCr samples are stored and turned back into RGB. */
export interface YCbCrInfo {
  /** chroma samples cover this many luma samples across and down (1, 2 or 4) */
  subsampling: [number, number];
  /** luma weights of red, green and blue */
  coefficients: [number, number, number];
  /** black and white codes of Y, Cb, Cr (pairs) */
  referenceBlackWhite: [number, number, number, number, number, number];
}

/** Old-style JPEG (compression 6, TIFF 6.0 section 22): where the JPEG stream or its tables are. */
export interface OldJpegInfo {
  /** offset and length of a whole JPEG stream (JPEGInterchangeFormat), 0 when absent */
  interchangeOffset: number;
  interchangeLength: number;
  restartInterval: number;
  /** 64-byte quantisation tables, one per component */
  qTables: Uint8Array[];
  /** Huffman tables (16 counts then the values), one per component */
  dcTables: Uint8Array[];
  acTables: Uint8Array[];
}

/** One page (IFD) of a TIFF, as read from its tags, before any pixel is decoded. */
export interface TiffPageInfo {
  /** position in the file's IFD chain, from 0 */
  ifdIndex: number;
  width: number;
  height: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  photometric: number;
  compression: number;
  planar: 1 | 2;
  predictor: number;
  fillOrder: number;
  t4Options: number;
  /** ExtraSamples: 0 unspecified, 1 associated (premultiplied) alpha, 2 unassociated alpha */
  extraSamples: number[];
  /** 1 unsigned integer, 2 signed integer, 3 IEEE float */
  sampleFormat: number;
  inkSet: number;
  colorMap: Uint16Array | null;
  jpegTables: Uint8Array | null;
  ycbcr: YCbCrInfo;
  oldJpeg: OldJpegInfo | null;
  chunks: TiffChunks;
  /** pixels per inch, 72 when the file does not say */
  dpiX: number;
  dpiY: number;
  /** the Orientation tag: how stored rows map to the upright picture (1 when absent or invalid) */
  orientation: Orientation;
}

export interface TiffStructure {
  littleEndian: boolean;
  bigTiff: boolean;
  /** the image pages, reduced-resolution copies (thumbnails) and masks left out */
  pages: TiffPageInfo[];
  /** what the reader had to work around (a page chain that loops...), in plain words */
  notes: string[];
}

export const DEFAULT_DPI = 72;
/** more IFDs than this is not a document but a hostile file */
export const MAX_IFDS = 10_000;

const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8 };

interface Entry {
  type: number;
  count: number;
  /** where the values start: inside the entry, or at the offset it holds */
  at: number;
}

class Reader {
  readonly view: DataView;
  readonly le: boolean;
  readonly big: boolean;
  readonly length: number;
  constructor(bytes: Uint8Array, le: boolean, big: boolean) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.le = le;
    this.big = big;
    this.length = bytes.byteLength;
  }
  need(offset: number, size: number, what: string): void {
    if (!(offset >= 0) || offset + size > this.length) {
      throw new TiffError(`The TIFF file is truncated or corrupt: ${what} at byte ${offset} lies beyond the end of the file (${this.length} bytes).`, "truncated");
    }
  }
  u16(o: number): number {
    return this.view.getUint16(o, this.le);
  }
  u32(o: number): number {
    return this.view.getUint32(o, this.le);
  }
  u64(o: number): number {
    const value = this.view.getBigUint64(o, this.le);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TiffError("The TIFF file is corrupt: it holds an offset too large to be real.", "corrupt");
    return Number(value);
  }
  offset(o: number): number {
    return this.big ? this.u64(o) : this.u32(o);
  }
}

/** Reads the header and every IFD's tags. Throws TiffError; decodes no pixels. */
export function readTiffStructure(bytes: Uint8Array): TiffStructure {
  if (bytes.byteLength < 8) throw new TiffError("This is not a TIFF file: it is too short to hold a TIFF header.", "bad-magic");
  const b0 = bytes[0];
  const b1 = bytes[1];
  const le = b0 === 0x49 && b1 === 0x49;
  if (!le && !(b0 === 0x4d && b1 === 0x4d)) throw new TiffError("This is not a TIFF file: it does not start with the TIFF byte-order mark (II or MM).", "bad-magic");
  const probe = new Reader(bytes, le, false);
  const version = probe.u16(2);
  let r: Reader;
  let first: number;
  if (version === 42) {
    r = probe;
    first = r.u32(4);
  } else if (version === 43) {
    r = new Reader(bytes, le, true);
    r.need(0, 16, "the BigTIFF header");
    if (r.u16(4) !== 8 || r.u16(6) !== 0) throw new TiffError("The BigTIFF header is corrupt (its offset size is not 8).", "corrupt");
    first = r.u64(8);
  } else {
    throw new TiffError(`This is not a TIFF file: its version number is ${version}, not 42 (TIFF) or 43 (BigTIFF).`, "bad-magic");
  }

  const seen = new Set<number>();
  const pages: TiffPageInfo[] = [];
  const skipped: TiffPageInfo[] = [];
  const notes: string[] = [];
  let offset = first;
  let ifdIndex = 0;
  while (offset !== 0) {
    if (seen.has(offset)) {
      // libtiff stops at the loop and keeps the pages before it
      notes.push(`The file's chain of pages loops back on itself after page ${ifdIndex}; the pages before the loop were converted.`);
      break;
    }
    if (seen.size >= MAX_IFDS) throw new TiffError(`The TIFF file has more than ${MAX_IFDS} pages, more than this tool converts.`, "too-large");
    seen.add(offset);
    let read: { entries: Map<number, Entry>; next: number };
    try {
      read = readIfd(r, offset, ifdIndex);
    } catch (error) {
      // a later directory past the end of the file: keep the pages before it, as libtiff does
      if (pages.length + skipped.length === 0 || !(error instanceof TiffError)) throw error;
      notes.push(`The file's directory of page ${ifdIndex + 1} lies outside the file; the pages before it were converted.`);
      break;
    }
    const { entries, next } = read;
    const page = pageFromEntries(r, entries, ifdIndex, notes);
    if (page) {
      const subfile = entries.has(Tag.NewSubfileType) ? (readNumbers(r, entries.get(Tag.NewSubfileType)!, "NewSubfileType", 1)[0] ?? 0) : 0;
      // bit 0: a reduced-resolution copy (thumbnail), bit 2: a transparency mask
      if ((subfile & 0b101) !== 0) skipped.push(page);
      else pages.push(page);
    }
    offset = next;
    ifdIndex++;
  }
  // a file made only of reduced copies still shows something
  const result = pages.length > 0 ? pages : skipped;
  if (result.length === 0) throw new TiffError("The TIFF file holds no image (none of its directories describes a picture).", "no-pages");
  return { littleEndian: le, bigTiff: r.big, pages: result, notes };
}

/** StripOffsets, StripByteCounts, TileOffsets, TileByteCounts: without them there is no picture. */
const CHUNK_TAGS = new Set([273, 279, 324, 325]);

function readIfd(r: Reader, offset: number, index: number): { entries: Map<number, Entry>; next: number } {
  const where = `page ${index + 1}'s directory`;
  const countSize = r.big ? 8 : 2;
  const entrySize = r.big ? 20 : 12;
  const inline = r.big ? 8 : 4;
  r.need(offset, countSize, where);
  const count = r.big ? r.u64(offset) : r.u16(offset);
  const start = offset + countSize;
  r.need(start, count * entrySize + (r.big ? 8 : 4), where);
  const entries = new Map<number, Entry>();
  for (let i = 0; i < count; i++) {
    const e = start + i * entrySize;
    const tag = r.u16(e);
    const type = r.u16(e + 2);
    const n = r.big ? r.u64(e + 4) : r.u32(e + 4);
    const size = TYPE_SIZE[type];
    if (size === undefined) continue; // unknown types are skipped, as TIFF 6.0 asks readers to
    const valueField = e + (r.big ? 12 : 8);
    const bytes = n * size;
    const at = bytes <= inline ? valueField : r.offset(valueField);
    // values past the end of the file: libtiff ignores such a tag (with a warning) unless the page's
    // data cannot be found without it, so do we (a resolution or a description a writer got wrong)
    if (!(at + bytes <= r.length) && !CHUNK_TAGS.has(tag)) continue;
    if (!entries.has(tag)) entries.set(tag, { type, count: n, at });
  }
  const next = r.offset(start + count * entrySize);
  return { entries, next };
}

/** The numeric values of an entry (integer types, rationals as num/den, floats), at most `max` of them. */
function readNumbers(r: Reader, entry: Entry, name: string, max = Number.MAX_SAFE_INTEGER): number[] {
  const size = TYPE_SIZE[entry.type] ?? 1;
  const count = Math.min(entry.count, max);
  r.need(entry.at, count * size, `the ${name} tag`);
  const out: number[] = Array.from({ length: count }, () => 0);
  const v = r.view;
  for (let i = 0; i < count; i++) {
    const o = entry.at + i * size;
    switch (entry.type) {
      case 1:
      case 7:
        out[i] = v.getUint8(o);
        break;
      case 6:
        out[i] = v.getInt8(o);
        break;
      case 3:
        out[i] = v.getUint16(o, r.le);
        break;
      case 8:
        out[i] = v.getInt16(o, r.le);
        break;
      case 4:
      case 13:
        out[i] = v.getUint32(o, r.le);
        break;
      case 9:
        out[i] = v.getInt32(o, r.le);
        break;
      case 5:
        out[i] = v.getUint32(o, r.le) / v.getUint32(o + 4, r.le);
        break;
      case 10:
        out[i] = v.getInt32(o, r.le) / v.getInt32(o + 4, r.le);
        break;
      case 11:
        out[i] = v.getFloat32(o, r.le);
        break;
      case 12:
        out[i] = v.getFloat64(o, r.le);
        break;
      case 16:
      case 18:
        out[i] = r.u64(o);
        break;
      case 17:
        out[i] = Number(v.getBigInt64(o, r.le));
        break;
      default:
        out[i] = 0;
    }
  }
  return out;
}

function readBytes(r: Reader, entry: Entry, name: string): Uint8Array {
  const size = TYPE_SIZE[entry.type] ?? 1;
  const length = entry.count * size;
  r.need(entry.at, length, `the ${name} tag`);
  return new Uint8Array(r.view.buffer, r.view.byteOffset + entry.at, length);
}

function pageFromEntries(r: Reader, entries: Map<number, Entry>, ifdIndex: number, notes: string[]): TiffPageInfo | null {
  const one = (tag: number, name: string, fallback: number): number => {
    const entry = entries.get(tag);
    if (!entry || entry.count === 0) return fallback;
    const value = readNumbers(r, entry, name, 1)[0];
    return value === undefined || !Number.isFinite(value) ? fallback : value;
  };
  const list = (tag: number, name: string): number[] | null => {
    const entry = entries.get(tag);
    return entry ? readNumbers(r, entry, name) : null;
  };
  const page = `Page ${ifdIndex + 1}`;

  const width = one(Tag.ImageWidth, "ImageWidth", 0);
  const height = one(Tag.ImageLength, "ImageLength", 0);
  // directories without a size (EXIF, GPS) are not pictures
  if (!entries.has(Tag.ImageWidth) || !entries.has(Tag.ImageLength)) return null;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new TiffError(`${page} of the TIFF file has an impossible size (${width} × ${height} pixels).`, "corrupt");
  }

  const samplesPerPixel = one(Tag.SamplesPerPixel, "SamplesPerPixel", 1);
  if (!Number.isInteger(samplesPerPixel) || samplesPerPixel < 1 || samplesPerPixel > 16) {
    throw new TiffError(`${page} of the TIFF file declares ${samplesPerPixel} samples per pixel, which is not a valid count.`, "corrupt");
  }
  const bits = list(Tag.BitsPerSample, "BitsPerSample") ?? [1];
  const bitsPerSample = bits[0] ?? 1;
  if (bits.slice(0, samplesPerPixel).some((b) => b !== bitsPerSample)) {
    // libtiff keeps one depth for every sample (the first) and reads the page with it
    notes.push(`${page} lists different sample sizes (${bits.join(", ")} bits); it was read as ${bitsPerSample}-bit throughout, as libtiff reads it.`);
  }
  const compression = one(Tag.Compression, "Compression", 1);
  // a missing PhotometricInterpretation is guessed as libtiff guesses it: fax data is WhiteIsZero,
  // other single-colour data BlackIsZero, three colours RGB (old-style JPEG: YCbCr, below)
  const extraCount = entries.get(Tag.ExtraSamples)?.count ?? 0;
  const guessed = compression >= 2 && compression <= 4 ? 0 : samplesPerPixel - extraCount >= 3 ? 2 : 1;
  let photometric = one(Tag.Photometric, "PhotometricInterpretation", compression === 6 ? 6 : guessed);
  // libtiff reads old-style JPEG marked RGB as YCbCr (what such writers stored)
  if (compression === 6 && photometric === 2) photometric = 6;
  const planarValue = one(Tag.PlanarConfiguration, "PlanarConfiguration", 1);
  const planar: 1 | 2 = planarValue === 2 && samplesPerPixel > 1 ? 2 : 1;

  const tiled = entries.has(Tag.TileWidth) || entries.has(Tag.TileOffsets);
  const rowsPerStrip = one(Tag.RowsPerStrip, "RowsPerStrip", height);
  // RowsPerStrip missing, 0 or larger than the image: one strip holds every row
  const chunkWidth = tiled ? one(Tag.TileWidth, "TileWidth", 0) : width;
  let chunkHeight = tiled ? one(Tag.TileLength, "TileLength", 0) : rowsPerStrip >= 1 ? Math.min(height, rowsPerStrip) : height;
  const listedStrips = entries.get(Tag.StripOffsets)?.count ?? 0;
  const planes = planar === 2 ? samplesPerPixel : 1;
  if (!tiled && chunkHeight === height && listedStrips > planes && listedStrips % planes === 0 && listedStrips / planes <= height) {
    // RowsPerStrip says one strip but the file lists more (a writer that overflowed it): the strips share the rows
    chunkHeight = Math.ceil(height / (listedStrips / planes));
  }
  if (!Number.isInteger(chunkWidth) || !Number.isInteger(chunkHeight) || chunkWidth < 1 || chunkHeight < 1 || chunkWidth > 65536 || chunkHeight > 65536) {
    throw new TiffError(`${page} of the TIFF file has an impossible ${tiled ? "tile" : "strip"} size (${chunkWidth} × ${chunkHeight}).`, "corrupt");
  }
  const across = Math.ceil(width / chunkWidth);
  const down = Math.ceil(height / chunkHeight);
  const expected = across * down * (planar === 2 ? samplesPerPixel : 1);
  // libtiff finds a tiled file's offsets under the strip tags too (some writers put them there)
  const offsetEntry = entries.get(tiled ? Tag.TileOffsets : Tag.StripOffsets) ?? entries.get(tiled ? Tag.StripOffsets : Tag.TileOffsets);
  const countEntry = entries.get(tiled ? Tag.TileByteCounts : Tag.StripByteCounts) ?? entries.get(tiled ? Tag.StripByteCounts : Tag.TileByteCounts);
  const what = tiled ? "tiles" : "strips";
  if (!offsetEntry || offsetEntry.count === 0) throw new TiffError(`${page} of the TIFF file has no image data (it does not say where its ${what} are).`, "corrupt");
  const offsets = readNumbers(r, offsetEntry, tiled ? "TileOffsets" : "StripOffsets", expected);
  const listed = offsets.length;
  if (listed < expected) {
    // libtiff reads the chunks the file lists and leaves the others blank
    notes.push(`${page} lists ${listed} of its ${expected} ${what}; the rest of the page is left blank.`);
    while (offsets.length < expected) offsets.push(0);
  }
  let byteCounts: number[] = countEntry ? readNumbers(r, countEntry, tiled ? "TileByteCounts" : "StripByteCounts", expected) : [];
  const perSample = planar === 2 ? 1 : samplesPerPixel;
  const chunkBytes = Math.ceil((chunkWidth * perSample * bitsPerSample) / 8) * chunkHeight;
  if (byteCounts.length < listed || byteCounts.slice(0, listed).every((n) => n === 0)) {
    // sizes missing (or all zero): as libtiff, uncompressed chunks hold exactly their rows, and a
    // compressed chunk runs to the next chunk's start (or the end of the file)
    const sorted = [...new Set(offsets.slice(0, listed))].toSorted((a, b) => a - b);
    byteCounts = offsets.map((start, i) => {
      if (i >= listed) return 0;
      if (compression === 1) return chunkBytes;
      const next = sorted.find((o) => o > start) ?? r.length;
      return Math.max(0, next - start);
    });
  }
  while (byteCounts.length < expected) byteCounts.push(0);
  const only = offsets[0] as number;
  if (!tiled && expected === 1 && compression === 1 && byteCounts[0] !== chunkBytes && only + chunkBytes <= r.length) {
    // one uncompressed strip whose byte count is bogus (0, past the end of the file, or too small)
    // while its rows are all there: libtiff reads it from the image's size, and so do we
    byteCounts[0] = chunkBytes;
  }

  // a ColorMap of any other length than 3 × 2^BitsPerSample is ignored, as libtiff does
  const listedColorMap = entries.get(Tag.ColorMap);
  const colorMapEntry = listedColorMap && bitsPerSample <= 24 && listedColorMap.count === 3 * 2 ** bitsPerSample ? listedColorMap : undefined;
  if (photometric === 3 && !colorMapEntry && bitsPerSample >= 8) {
    // a palette page without its palette: libtiff reads it as RGB or grey
    photometric = samplesPerPixel === 3 ? 2 : 1;
  }
  const colorMap = colorMapEntry ? Uint16Array.from(readNumbers(r, colorMapEntry, "ColorMap", 3 * 65536)) : null;
  const jpegTablesEntry = entries.get(Tag.JPEGTables);
  const jpegTables = jpegTablesEntry ? readBytes(r, jpegTablesEntry, "JPEGTables") : null;

  const ycbcr = readYCbCr(list);
  const oldJpeg = compression === 6 ? readOldJpeg(r, one, list, samplesPerPixel) : null;

  const unit = one(Tag.ResolutionUnit, "ResolutionUnit", 2);
  const dpi = (tag: number, name: string): number => {
    const value = one(tag, name, Number.NaN);
    // unit 1 means "no absolute unit": the numbers are an aspect ratio, not a size
    if (unit !== 2 && unit !== 3) return DEFAULT_DPI;
    const perInch = unit === 3 ? value * 2.54 : value;
    return Number.isFinite(perInch) && perInch >= 1 && perInch <= 100_000 ? perInch : DEFAULT_DPI;
  };
  let dpiX = dpi(Tag.XResolution, "XResolution");
  let dpiY = dpi(Tag.YResolution, "YResolution");
  // a file that gives only one of the two means square pixels
  if (!entries.has(Tag.YResolution) && entries.has(Tag.XResolution)) dpiY = dpiX;
  if (!entries.has(Tag.XResolution) && entries.has(Tag.YResolution)) dpiX = dpiY;

  return {
    ifdIndex,
    width,
    height,
    bitsPerSample,
    samplesPerPixel,
    photometric,
    compression,
    planar,
    predictor: one(Tag.Predictor, "Predictor", 1),
    fillOrder: one(Tag.FillOrder, "FillOrder", 1),
    t4Options: one(Tag.T4Options, "T4Options", 0),
    extraSamples: list(Tag.ExtraSamples, "ExtraSamples") ?? [],
    sampleFormat: one(Tag.SampleFormat, "SampleFormat", 1),
    inkSet: one(Tag.InkSet, "InkSet", 1),
    colorMap,
    jpegTables,
    ycbcr,
    oldJpeg,
    chunks: { tiled, chunkWidth, chunkHeight, offsets, byteCounts, listed },
    dpiX,
    dpiY,
    orientation: validOrientation(one(Tag.Orientation, "Orientation", 1)),
  };
}

function validOrientation(value: number): Orientation {
  return Number.isInteger(value) && value >= 1 && value <= 8 ? (value as Orientation) : 1;
}

type One = (tag: number, name: string, fallback: number) => number;
type List = (tag: number, name: string) => number[] | null;

/** A YCbCr subsampling factor: only 1, 2 and 4 are valid; anything else is read as the default (2). */
function factor(v: number | undefined): number {
  return v === 1 || v === 2 || v === 4 ? v : 2;
}

function readYCbCr(list: List): YCbCrInfo {
  const sub = list(Tag.YCbCrSubsampling, "YCbCrSubsampling") ?? [];
  const coefficients = list(Tag.YCbCrCoefficients, "YCbCrCoefficients") ?? [];
  const luma: [number, number, number] =
    coefficients.length >= 3 && coefficients.slice(0, 3).every((c) => Number.isFinite(c) && c > 0 && c < 1) ? [coefficients[0]!, coefficients[1]!, coefficients[2]!] : [0.299, 0.587, 0.114];
  const ref = list(Tag.ReferenceBlackWhite, "ReferenceBlackWhite") ?? [];
  const usable = ref.length >= 6 && ref.slice(0, 6).every(Number.isFinite) && ref[1] !== ref[0] && ref[3] !== ref[2] && ref[5] !== ref[4];
  const referenceBlackWhite: YCbCrInfo["referenceBlackWhite"] = usable ? [ref[0]!, ref[1]!, ref[2]!, ref[3]!, ref[4]!, ref[5]!] : [0, 255, 128, 255, 128, 255];
  return { subsampling: [factor(sub[0]), factor(sub[1] ?? sub[0])], coefficients: luma, referenceBlackWhite };
}

function readOldJpeg(r: Reader, one: One, list: List, samplesPerPixel: number): OldJpegInfo {
  const tables = (tag: number, name: string, size: (at: number) => number): Uint8Array[] => {
    const offsets = list(tag, name) ?? [];
    const out: Uint8Array[] = [];
    for (const at of offsets.slice(0, samplesPerPixel)) {
      if (!(at > 0 && at < r.length)) continue;
      const length = Math.min(size(at), r.length - at);
      out.push(new Uint8Array(r.view.buffer, r.view.byteOffset + at, length));
    }
    return out;
  };
  // a Huffman table: 16 code-length counts, then as many values as they add up to
  const huffmanSize = (at: number): number => {
    let total = 16;
    for (let i = 0; i < 16 && at + i < r.length; i++) total += r.view.getUint8(at + i);
    return total;
  };
  return {
    interchangeOffset: one(Tag.JPEGInterchangeFormat, "JPEGInterchangeFormat", 0),
    interchangeLength: one(Tag.JPEGInterchangeFormatLength, "JPEGInterchangeFormatLength", 0),
    restartInterval: one(Tag.JPEGRestartInterval, "JPEGRestartInterval", 0),
    qTables: tables(Tag.JPEGQTables, "JPEGQTables", () => 64),
    dcTables: tables(Tag.JPEGDCTables, "JPEGDCTables", huffmanSize),
    acTables: tables(Tag.JPEGACTables, "JPEGACTables", huffmanSize),
  };
}
