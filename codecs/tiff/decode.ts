// One TIFF page to RGBA: limits checked from the IFD first, then each strip or tile decompressed
// (our own JPEG decoder, fflate for Deflate, our own CCITT, LZW, PackBits and ThunderScan), byte
// order and predictor undone, subsampled YCbCr expanded (./ycbcr.ts), samples of unusual depths and
// formats widened (./samples.ts), the chunk placed in the page, and the samples converted
// (./pixels.ts). Old-style JPEG (./old-jpeg.ts) and SGI LogLuv (./logluv.ts) pages decode whole.
import { unzlibSync } from "fflate";
import type { RgbaImage } from "../image/rgba-image.ts";
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import { TiffError } from "./errors.ts";
import type { TiffPageInfo } from "./ifd.ts";
import { Photometric, rowBytes, samplesToRgba, unsupportedSamples, type SampleLayout } from "./pixels.ts";
import { needsWideSamples, placeWide, sampleKinds, widenChunk } from "./samples.ts";
import { expandSubsampled, subsampledSize } from "./ycbcr.ts";
import { decodeOldJpegPage } from "./old-jpeg.ts";
import { decodeSgiLog, LOG_L, LOG_LUV } from "./logluv.ts";
import { decodeThunderScan } from "./thunderscan.ts";
import { decodeLzw } from "./lzw.ts";
import { decodeJpegSamples } from "../jpeg/decoder.ts";
import { decodeCcitt } from "./ccitt.ts";
import { decodePackBits } from "../common/packbits.ts";

export const MAX_SIDE = 16384;
export const MAX_DECODED_BYTES = 1024 * 1024 * 1024;

export const Compression = {
  None: 1,
  CcittRle: 2,
  CcittT4: 3,
  CcittT6: 4,
  Lzw: 5,
  OldJpeg: 6,
  Jpeg: 7,
  Deflate: 8,
  AdobeDeflate: 32946,
  /** PixTIFF's number for zlib Deflate (TwelveMonkeys reads it; libtiff does not know it) */
  PixTiffDeflate: 50013,
  PackBits: 32773,
  SgiLog: 34676,
  ThunderScan: 32809,
} as const;

const SUPPORTED_COMPRESSIONS = new Set<number>([1, 2, 3, 4, 5, 6, 7, 8, 32946, 50013, 32773, 34676, 32809]);

const COMPRESSION_NAMES: Record<number, string> = {
  1: "no compression",
  2: "CCITT modified Huffman (fax)",
  3: "CCITT Group 3 (fax)",
  4: "CCITT Group 4 (fax)",
  5: "LZW",
  6: "old-style JPEG",
  7: "JPEG",
  8: "Deflate",
  32773: "PackBits",
  32946: "Deflate",
  50013: "Deflate (PixTIFF)",
  34677: "SGI LogLuv24",
  32908: "Pixar film",
  32909: "PixarLog",
  32947: "Kodak DCS",
  34713: "Nikon NEF",
  9: "JBIG (T.85)",
  10: "JBIG2 (T.43)",
  32809: "ThunderScan",
  34661: "JBIG",
  34676: "SGI LogLuv",
  34712: "JPEG 2000",
  34887: "LERC",
  34925: "LZMA",
  50000: "Zstandard",
  50001: "WebP",
  50002: "JPEG XL",
};

export function compressionName(code: number): string {
  return COMPRESSION_NAMES[code] ?? `compression scheme ${code}`;
}

export interface TiffPage extends RgbaImage {
  /** pixels per inch, 72 when the file does not say */
  dpiX: number;
  dpiY: number;
}

/** Why this page cannot be converted (size, compression, colour model), checked before decoding. */
export function checkTiffPage(page: TiffPageInfo, pageNumber: number): void {
  const label = `Page ${pageNumber}`;
  const { width, height, bitsPerSample: bps, sampleFormat } = page;
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new TiffError(`${label} is ${width} × ${height} pixels; this tool converts images up to ${MAX_SIDE} pixels a side.`, "too-large");
  }
  const wideSize = needsWideSamples(page) ? width * height * page.samplesPerPixel * 2 : 0;
  const decoded = Math.max(width * height * 4, rowBytes(width, page.samplesPerPixel, bps) * height, wideSize);
  if (decoded > MAX_DECODED_BYTES) {
    throw new TiffError(`${label} (${width} × ${height} pixels) would need more than 1 GiB of memory once decoded, more than this tool allows.`, "too-large");
  }
  if (!SUPPORTED_COMPRESSIONS.has(page.compression)) {
    throw new TiffError(`${label} uses ${compressionName(page.compression)}, which this tool cannot decode.`, "unsupported");
  }
  if (isCcitt(page.compression) && (bps !== 1 || page.samplesPerPixel !== 1)) {
    throw new TiffError(`${label} is corrupt: fax (CCITT) compression is only for 1-bit images.`, "corrupt");
  }
  if ((page.compression === Compression.OldJpeg && bps !== 8) || (page.compression === Compression.Jpeg && !(bps >= 2 && bps <= 16))) {
    throw new TiffError(`${label} uses ${bps}-bit JPEG compression, which this tool cannot decode.`, "unsupported");
  }
  if (page.compression === Compression.OldJpeg) {
    if (page.samplesPerPixel !== 1 && page.samplesPerPixel !== 3) throw new TiffError(`${label} uses old-style JPEG with ${page.samplesPerPixel} samples a pixel, which this tool cannot decode.`, "unsupported");
    return;
  }
  if (page.compression === Compression.ThunderScan && (bps !== 4 || page.samplesPerPixel !== 1)) {
    throw new TiffError(`${label} is corrupt: ThunderScan compression is only for 4-bit grey images.`, "corrupt");
  }
  if (page.compression === Compression.SgiLog) {
    const luv = page.photometric === LOG_LUV && page.samplesPerPixel === 3;
    const l = page.photometric === LOG_L && page.samplesPerPixel === 1;
    if ((!luv && !l) || page.planar !== 1) throw new TiffError(`${label} uses SGI LogLuv compression in a layout this tool cannot decode.`, "unsupported");
    return;
  }
  const reason = unsupportedDepth(page);
  if (reason) throw new TiffError(`${label} cannot be converted: ${reason}.`, "unsupported");
  if (page.photometric === Photometric.YCbCr && page.compression !== Compression.Jpeg) {
    const [h, v] = page.ycbcr.subsampling;
    if (bps !== 8) throw new TiffError(`${label} stores YCbCr colours in ${bps}-bit samples, which this tool does not support.`, "unsupported");
    if ((h !== 1 || v !== 1) && page.samplesPerPixel !== 3) throw new TiffError(`${label} stores subsampled YCbCr colours with extra samples, which this tool does not read.`, "unsupported");
  }
  const float = sampleFormat === 3;
  if (page.predictor === 2 && ![8, 16, 32, 64].includes(bps)) {
    throw new TiffError(`${label} uses the horizontal predictor with ${bps}-bit samples, which is not valid.`, "corrupt");
  }
  if (page.predictor === 3 && !(float && [16, 24, 32, 64].includes(bps))) {
    throw new TiffError(`${label} uses the floating-point predictor on samples that are not floating-point numbers.`, "corrupt");
  }
  if (page.predictor !== 1 && page.predictor !== 2 && page.predictor !== 3) {
    throw new TiffError(`${label} uses predictor ${page.predictor}, which this tool does not know.`, "unsupported");
  }
  if (page.chunks.tiled && (page.chunks.chunkWidth * (page.planar === 2 ? 1 : page.samplesPerPixel) * bps) % 8 !== 0) {
    throw new TiffError(`${label} is corrupt: its tile width does not end on a byte boundary.`, "corrupt");
  }
  const working = unsupportedSamples(layoutOf(page));
  if (working) throw new TiffError(`${label} cannot be converted: ${working}.`, "unsupported");
}

/** The stored sample depth and format, before they are widened: what stays out. */
function unsupportedDepth(page: TiffPageInfo): string | undefined {
  const { bitsPerSample: bps, sampleFormat } = page;
  if (sampleFormat === 3) {
    if (![16, 24, 32, 64].includes(bps)) return `its ${bps}-bit floating-point samples are not a size that exists`;
    if (page.photometric === Photometric.Palette) return "a palette image with floating-point samples is not valid";
    return undefined;
  }
  if (sampleFormat !== 1 && sampleFormat !== 2 && sampleFormat !== 4) return `its sample format (${sampleFormat}) is unknown`;
  if (bps < 1 || (bps > 32 && bps !== 64)) return `its ${bps}-bit integer samples are not supported`;
  if (page.photometric === Photometric.Palette && bps > 16) return `a ${bps}-bit palette is not valid`;
  return undefined;
}

/** The samples as the colour conversion reads them (./pixels.ts). */
function layoutOf(page: TiffPageInfo): SampleLayout {
  const wide = needsWideSamples(page);
  const jpegColour = page.compression === Compression.Jpeg && page.photometric === Photometric.YCbCr;
  return {
    width: page.width,
    height: page.height,
    bitsPerSample: wide ? 16 : page.bitsPerSample,
    samplesPerPixel: page.samplesPerPixel,
    // JPEG data in YCbCr comes out of the decoder as RGB
    photometric: jpegColour ? Photometric.RGB : page.photometric,
    sampleFormat: wide ? 1 : page.sampleFormat,
    extraSamples: page.extraSamples,
    inkSet: page.inkSet,
    colorMap: page.colorMap,
    paletteEntries: page.photometric === Photometric.Palette ? 2 ** Math.min(16, page.bitsPerSample) : undefined,
    ycbcr: page.ycbcr,
  };
}

/** Decodes one page. `bytes` is the whole file; `onProgress` gets the fraction of chunks done. */
export function decodeTiffPage(
  bytes: Uint8Array,
  page: TiffPageInfo,
  pageNumber: number,
  littleEndian: boolean,
  onProgress?: (fraction: number) => void,
  budget: WorkBudget = unlimited(),
): TiffPage {
  checkTiffPage(page, pageNumber);
  const refuse = () => new TiffError(`This TIFF file needs more work than this tool allows for one file (over ${budget.limit} bytes of decoded samples).`, "too-much-work");
  const data = bytes;
  const { width, height, samplesPerPixel: spp, bitsPerSample: bps, planar } = page;
  if (page.compression === Compression.OldJpeg) {
    budget.charge(width * height * spp, refuse);
    const image = decodeOldJpegPage(data, page, pageNumber);
    onProgress?.(1);
    const layout: SampleLayout = { ...layoutOf(page), samplesPerPixel: image.components, photometric: image.components === 1 ? Photometric.BlackIsZero : page.photometric === Photometric.YCbCr ? Photometric.YCbCr : Photometric.RGB, extraSamples: [], sampleFormat: 1, bitsPerSample: 8 };
    return { width, height, data: samplesToRgba(image.samples, layout), dpiX: page.dpiX, dpiY: page.dpiY };
  }
  if (page.compression === Compression.SgiLog) return decodeLogLuvPage(data, page, pageNumber, budget, refuse, onProgress);
  const { tiled, chunkWidth, chunkHeight, offsets, byteCounts } = page.chunks;
  const wide = needsWideSamples(page);
  const kinds = sampleKinds(page);
  const ycbcr = page.photometric === Photometric.YCbCr && page.compression !== Compression.Jpeg;
  const subsampled = ycbcr && (page.ycbcr.subsampling[0] !== 1 || page.ycbcr.subsampling[1] !== 1) ? page.ycbcr.subsampling : null;
  const stride = rowBytes(width, spp, wide ? 16 : bps);
  // work units: bytes of samples written, the page's before it is allocated and each chunk's before it is decoded
  budget.charge(stride * height, refuse);
  const raw = new Uint8Array(wide ? 0 : stride * height);
  const wideSamples = new Uint16Array(wide ? width * height * spp : 0);
  const across = Math.ceil(width / chunkWidth);
  const down = Math.ceil(height / chunkHeight);
  const perPlane = across * down;
  const planes = planar === 2 ? spp : 1;
  const chunkSpp = planar === 2 ? 1 : spp;
  const total = perPlane * planes;

  let previous: Uint8Array | null = null;
  for (let i = 0; i < total; i++) {
    const plane = Math.floor(i / perPlane);
    const index = i % perPlane;
    const x0 = (index % across) * chunkWidth;
    const y0 = Math.floor(index / across) * chunkHeight;
    // a strip is as wide as the image and the last one may be short; a tile is always whole
    const cw = tiled ? chunkWidth : width;
    const ch = tiled ? chunkHeight : Math.min(chunkHeight, height - y0);
    const offset = offsets[i] as number;
    const length = byteCounts[i] as number;
    // a chunk the file does not list stays blank
    if (i >= page.chunks.listed || (offset === 0 && length === 0)) continue;
    if (!(length >= 0) || offset + length > data.byteLength) {
      throw new TiffError(
        `The TIFF file is truncated: page ${pageNumber}'s ${tiled ? "tile" : "strip"} ${i + 1} ends at byte ${offset + length}, but the file has ${data.byteLength} bytes.`,
        "truncated",
      );
    }
    // subsampled YCbCr in separate planes: the Cb and Cr planes hold one sample per h × v block
    const chroma = subsampled && planar === 2 && plane > 0;
    const pw = chroma ? Math.ceil(cw / subsampled[0]) : cw;
    const ph = chroma ? Math.ceil(ch / subsampled[1]) : ch;
    let chunkStride = rowBytes(pw, chunkSpp, bps);
    budget.charge(chunkStride * ph, refuse);
    let chunk: Uint8Array = new Uint8Array(subsampled && planar === 1 ? Math.max(chunkStride * ch, subsampledSize(cw, ch, subsampled)) : chunkStride * ph);
    // libtiff drops a ThunderScan run that reaches the row's end, leaving what its reused strip
    // buffer held there (the previous strip's pixels): start from them too, to show what it shows
    if (page.compression === Compression.ThunderScan && previous) chunk.set(previous.subarray(0, Math.min(previous.length, chunk.length)));
    if (length > 0) decompress(page, data, offset, length, chunk, pw, ph, y0, chunkSpp, pageNumber, littleEndian);
    // the floating-point predictor's rows are byte planes, most significant first, in either byte order
    if (page.predictor === 3) undoFloatingPointPredictor(chunk, pw, ph, chunkSpp, bps, chunkStride);
    else if (!littleEndian && bps % 8 === 0 && bps > 8) swapBytes(chunk, bps / 8);
    if (page.predictor === 2) undoHorizontalPredictor(chunk, pw, ph, chunkSpp, bps, chunkStride);
    if (page.compression === Compression.ThunderScan) previous = chunk.slice();
    if (chroma) {
      placeChroma(chunk, pw, ph, raw, page, x0, y0, plane, subsampled);
      onProgress?.((i + 1) / total);
      continue;
    }
    if (subsampled && planar === 1) {
      chunk = expandSubsampled(chunk, cw, ch, subsampled);
      chunkStride = cw * 3;
    }
    if (wide) {
      const widened = new Uint16Array(cw * ch * chunkSpp);
      widenChunk(chunk, cw, ch, chunkSpp, bps, chunkStride, kinds, plane, widened);
      placeWide(widened, cw, ch, chunkSpp, page, x0, y0, plane, wideSamples);
    } else {
      place(chunk, chunkStride, cw, ch, raw, stride, x0, y0, plane, page);
    }
    onProgress?.((i + 1) / total);
  }
  const rgba = samplesToRgba(wide ? wideBytes(wideSamples) : raw, layoutOf(page));
  return { width, height, data: rgba, dpiX: page.dpiX, dpiY: page.dpiY };
}

/** SGI LogLuv pages: each chunk decoded to 8-bit grey or RGB (./logluv.ts), placed, then converted as such. */
function decodeLogLuvPage(data: Uint8Array, page: TiffPageInfo, pageNumber: number, budget: WorkBudget, refuse: () => TiffError, onProgress?: (fraction: number) => void): TiffPage {
  const { width, height } = page;
  const luv = page.photometric === LOG_LUV;
  const spp = luv ? 3 : 1;
  const { tiled, chunkWidth, chunkHeight, offsets, byteCounts, listed } = page.chunks;
  budget.charge(width * height * spp, refuse);
  const raw = new Uint8Array(width * height * spp);
  const across = Math.ceil(width / chunkWidth);
  const total = across * Math.ceil(height / chunkHeight);
  for (let i = 0; i < Math.min(total, listed); i++) {
    const x0 = (i % across) * chunkWidth;
    const y0 = Math.floor(i / across) * chunkHeight;
    const cw = tiled ? chunkWidth : width;
    const ch = tiled ? chunkHeight : Math.min(chunkHeight, height - y0);
    const offset = offsets[i] as number;
    const length = byteCounts[i] as number;
    if (offset + length > data.byteLength) {
      throw new TiffError(`The TIFF file is truncated: page ${pageNumber}'s ${tiled ? "tile" : "strip"} ${i + 1} ends at byte ${offset + length}, but the file has ${data.byteLength} bytes.`, "truncated");
    }
    budget.charge(cw * ch * spp, refuse);
    const chunk = decodeSgiLog(data.subarray(offset, offset + length), cw, ch, luv);
    place(chunk, cw * spp, cw, ch, raw, width * spp, x0, y0, 0, { ...page, bitsPerSample: 8, samplesPerPixel: spp });
    onProgress?.((i + 1) / total);
  }
  const layout: SampleLayout = { ...layoutOf(page), bitsPerSample: 8, sampleFormat: 1, samplesPerPixel: spp, photometric: luv ? Photometric.RGB : Photometric.BlackIsZero, extraSamples: [] };
  return { width, height, data: samplesToRgba(raw, layout), dpiX: page.dpiX, dpiY: page.dpiY };
}

/** Wide samples as the little-endian bytes the colour conversion reads. */
function wideBytes(samples: Uint16Array): Uint8Array {
  const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) return bytes;
  const copy = bytes.slice();
  swapBytes(copy, 2);
  return copy;
}

/** Each byte with its bits in reverse order (FillOrder 2: the first pixel in the lowest bit). */
const REVERSED_BITS = Uint8Array.from({ length: 256 }, (_, byte) => {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) reversed |= 0x80 >> bit;
  return reversed;
});

function decompress(page: TiffPageInfo, file: Uint8Array, off: number, len: number, out: Uint8Array, cw: number, ch: number, y0: number, spp: number, pageNumber: number, littleEndian: boolean): void {
  // JPEG ignores FillOrder; for the others the stored bytes are bit-reversed first, as libtiff does
  const reverse = page.fillOrder === 2 && page.compression !== Compression.Jpeg;
  const data = reverse ? reversedCopy(file, off, len) : file;
  if (reverse) off = 0;
  try {
    switch (page.compression) {
      case Compression.None:
        out.set(data.subarray(off, off + Math.min(len, out.length)));
        return;
      case Compression.CcittRle:
      case Compression.CcittT4:
      case Compression.CcittT6:
        decodeCcitt(data.subarray(off, off + len), cw, ch, out, { compression: page.compression, twoDimensional: (page.t4Options & 1) === 1 });
        return;
      case Compression.ThunderScan:
        decodeThunderScan(data.subarray(off, off + len), cw, ch, out);
        return;
      case Compression.Lzw:
        decodeLzw(data.subarray(off, off + len), out);
        return;
      case Compression.PackBits:
        decodePackBits(data.subarray(off, off + len), out);
        return;
      case Compression.Deflate:
      case Compression.AdobeDeflate:
      case Compression.PixTiffDeflate:
        inflateInto(data.subarray(off, off + len), out);
        return;
      case Compression.Jpeg:
        decodeJpegChunk(page, data.subarray(off, off + len), out, cw, ch, y0, spp, pageNumber, littleEndian);
        return;
    }
  } catch (error) {
    if (error instanceof TiffError) throw error;
    throw new TiffError(`The TIFF file is corrupt: page ${pageNumber}'s ${compressionName(page.compression)} data could not be decoded.`, "corrupt");
  }
}

function isCcitt(compression: number): boolean {
  return compression === Compression.CcittRle || compression === Compression.CcittT4 || compression === Compression.CcittT6;
}

function reversedCopy(file: Uint8Array, off: number, len: number): Uint8Array {
  const copy = new Uint8Array(len);
  for (let i = 0; i < len; i++) copy[i] = REVERSED_BITS[file[off + i] as number] as number;
  return copy;
}

function inflateInto(compressed: Uint8Array, out: Uint8Array): void {
  // fflate writes into `out` and never grows it, so a zip bomb cannot take more memory than the page
  const result = unzlibSync(compressed, { out });
  if (result !== out && result.length > 0) out.set(result.subarray(0, Math.min(result.length, out.length)));
}

/** Start-of-frame size of a JPEG stream (tables and data together), or null. */
function jpegFrameSize(stream: Uint8Array): { width: number; height: number; marker: number; at: number } | null {
  let i = 0;
  while (i + 3 < stream.length) {
    if (stream[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = stream[i + 1] as number;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = ((stream[i + 2] as number) << 8) | (stream[i + 3] as number);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 8 >= stream.length) return null;
      return { height: ((stream[i + 5] as number) << 8) | (stream[i + 6] as number), width: ((stream[i + 7] as number) << 8) | (stream[i + 8] as number), marker, at: i };
    }
    i += 2 + length;
  }
  return null;
}

/** JPEG processes our decoder does not read, by their start-of-frame marker. */
const JPEG_PROCESS_NAMES: Record<number, string> = {
  0xc5: "hierarchical",
  0xc6: "hierarchical progressive",
  0xc7: "hierarchical lossless",
  0xcb: "arithmetic-coded lossless",
  0xcd: "hierarchical arithmetic-coded",
  0xce: "hierarchical arithmetic-coded progressive",
  0xcf: "hierarchical arithmetic-coded lossless",
};

function decodeJpegChunk(page: TiffPageInfo, chunk: Uint8Array, out: Uint8Array, cw: number, ch: number, y0: number, spp: number, pageNumber: number, littleEndian: boolean): void {
  // JPEGTables (quantisation and Huffman tables shared by every chunk) come first, without their EOI
  let stream = chunk;
  const tables = page.jpegTables;
  if (tables && tables.length > 4) {
    let tablesEnd = tables.length;
    if (tables[tablesEnd - 2] === 0xff && tables[tablesEnd - 1] === 0xd9) tablesEnd -= 2;
    const skip = chunk[0] === 0xff && chunk[1] === 0xd8 ? 2 : 0;
    stream = new Uint8Array(tablesEnd + chunk.length - skip);
    stream.set(tables.subarray(0, tablesEnd));
    stream.set(chunk.subarray(skip), tablesEnd);
  }
  const frame = jpegFrameSize(stream);
  const process = frame ? JPEG_PROCESS_NAMES[frame.marker] : undefined;
  if (process) throw new TiffError(`Page ${pageNumber} uses ${process} JPEG compression, which this tool cannot decode.`, "unsupported");
  const corrupt = () => new TiffError(`The TIFF file is corrupt: page ${pageNumber}'s JPEG data does not match the image's size.`, "corrupt");
  if (!frame || frame.width < 1 || frame.height < 1 || frame.width > cw) throw corrupt();
  // the decoder allocates what the frame header says: check it against the chunk first. A last
  // strip whose JPEG data says it is taller (writers that always write whole strips) is decoded for
  // the rows the page has, as libtiff does: the frame header's height is cut to them
  if (frame.height > page.chunks.chunkHeight) {
    const lastStrip = !page.chunks.tiled && y0 + ch >= page.height;
    if (!lastStrip || frame.width !== cw) throw corrupt();
    if (stream === chunk) stream = chunk.slice();
    stream[frame.at + 5] = ch >> 8;
    stream[frame.at + 6] = ch & 0xff;
  }
  // the Photometric tag says what the components are, as libtiff reads them: YCbCr is converted to
  // RGB by the JPEG decoder (libtiff's JPEGCOLORMODE_RGB), everything else is kept as stored (an
  // Adobe marker is not consulted: libtiff turns libjpeg's colour handling off)
  const transform = page.photometric === Photometric.YCbCr ? "ycbcr-to-rgb" : "none";
  const decoded = decodeJpegSamples(stream, { transform });
  if (decoded.components !== spp || decoded.precision !== page.bitsPerSample) throw corrupt();
  writeJpegRows(decoded.samples, decoded.width, decoded.height, out, cw, ch, spp, page.bitsPerSample, littleEndian);
}

/** The decoded rows into the chunk as the TIFF stores them: bytes, 16-bit words in the file's byte order, or packed bits. */
function writeJpegRows(samples: Uint8Array | Uint16Array, width: number, height: number, out: Uint8Array, cw: number, ch: number, spp: number, bps: number, littleEndian: boolean): void {
  const rows = Math.min(ch, height);
  const perRow = Math.min(cw, width) * spp;
  const stride = rowBytes(cw, spp, bps);
  for (let y = 0; y < rows; y++) {
    const from = y * width * spp;
    if (bps === 8) {
      out.set(samples.subarray(from, from + perRow), y * stride);
      continue;
    }
    if (bps === 16) {
      for (let i = 0, o = y * stride; i < perRow; i++, o += 2) {
        const value = samples[from + i]!;
        out[o + (littleEndian ? 1 : 0)] = value >> 8;
        out[o + (littleEndian ? 0 : 1)] = value & 0xff;
      }
      continue;
    }
    // other depths (12-bit JPEG, lossless JPEG of 2–16 bits): packed most significant bit first, as libtiff writes them
    let bit = y * stride * 8;
    for (let i = 0; i < perRow; i++) {
      const value = samples[from + i]!;
      for (let b = bps - 1; b >= 0; b--, bit++) if ((value >> b) & 1) out[bit >> 3] = out[bit >> 3]! | (0x80 >> (bit & 7));
    }
  }
}

function swapBytes(chunk: Uint8Array, size: number): void {
  const end = chunk.length - (chunk.length % size);
  if (size === 2) {
    for (let i = 0; i < end; i += 2) {
      const t = chunk[i] as number;
      chunk[i] = chunk[i + 1] as number;
      chunk[i + 1] = t;
    }
    return;
  }
  for (let i = 0; i < end; i += size) chunk.subarray(i, i + size).reverse();
}

/** Predictor 2: each sample was stored as the difference from the same sample of the pixel to its left (samples little-endian here). */
function undoHorizontalPredictor(chunk: Uint8Array, cw: number, ch: number, spp: number, bps: number, stride: number): void {
  const size = bps / 8;
  for (let y = 0; y < ch; y++) {
    const row = y * stride;
    const end = Math.min(chunk.length, row + cw * spp * size);
    if (size === 1) {
      for (let i = row + spp; i < end; i++) chunk[i] = ((chunk[i] as number) + (chunk[i - spp] as number)) & 0xff;
      continue;
    }
    // wider samples: add byte by byte, least significant first, carrying into the next byte
    const back = spp * size;
    for (let o = row + back; o + size <= end; o += size) {
      let carry = 0;
      for (let b = 0; b < size; b++) {
        const sum = (chunk[o + b] as number) + (chunk[o + b - back] as number) + carry;
        chunk[o + b] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
}

/**
 * Predictor 3 (TIFF Technical Note 3): each row holds its samples' bytes as planes, most significant
 * byte of every sample first, each byte stored as the difference from the byte `spp` before it.
 * Undone into little-endian samples.
 */
function undoFloatingPointPredictor(chunk: Uint8Array, cw: number, ch: number, spp: number, bps: number, stride: number): void {
  const size = bps / 8;
  const samples = cw * spp;
  const planes = new Uint8Array(samples * size);
  for (let y = 0; y < ch; y++) {
    const row = y * stride;
    planes.set(chunk.subarray(row, row + planes.length));
    for (let i = spp; i < planes.length; i++) planes[i] = ((planes[i] as number) + (planes[i - spp] as number)) & 0xff;
    for (let s = 0; s < samples; s++) {
      for (let b = 0; b < size; b++) chunk[row + s * size + b] = planes[(size - 1 - b) * samples + s] as number;
    }
  }
}

/** Spreads a subsampled Cb or Cr plane's chunk over the page, each sample repeated over its h × v block (chunky 8-bit YCbCr). */
function placeChroma(chunk: Uint8Array, pw: number, ph: number, raw: Uint8Array, page: TiffPageInfo, x0: number, y0: number, plane: number, [h, v]: [number, number]): void {
  const spp = page.samplesPerPixel;
  for (let cy = 0; cy < ph; cy++) {
    for (let cx = 0; cx < pw; cx++) {
      const value = chunk[cy * pw + cx] as number;
      for (let dy = 0; dy < v; dy++) {
        const y = y0 + cy * v + dy;
        if (y >= page.height) break;
        for (let dx = 0; dx < h; dx++) {
          const x = x0 + cx * h + dx;
          if (x >= page.width) break;
          raw[(y * page.width + x) * spp + plane] = value;
        }
      }
    }
  }
}

/** Copies a decoded chunk into the page (clipping tiles at the right and bottom edges). */
function place(chunk: Uint8Array, chunkStride: number, cw: number, ch: number, raw: Uint8Array, stride: number, x0: number, y0: number, plane: number, page: TiffPageInfo): void {
  const rows = Math.min(ch, page.height - y0);
  const columns = Math.min(cw, page.width - x0);
  if (page.planar === 1) {
    const bitsPerPixel = page.samplesPerPixel * page.bitsPerSample;
    const startByte = (x0 * bitsPerPixel) / 8;
    const length = Math.ceil((columns * bitsPerPixel) / 8);
    for (let y = 0; y < rows; y++) {
      const from = y * chunkStride;
      raw.set(chunk.subarray(from, from + length), (y0 + y) * stride + startByte);
    }
    return;
  }
  const size = page.bitsPerSample / 8;
  const pixelBytes = size * page.samplesPerPixel;
  for (let y = 0; y < rows; y++) {
    let from = y * chunkStride;
    let to = (y0 + y) * stride + x0 * pixelBytes + plane * size;
    for (let x = 0; x < columns; x++, from += size, to += pixelBytes) {
      for (let b = 0; b < size; b++) raw[to + b] = chunk[from + b] as number;
    }
  }
}

