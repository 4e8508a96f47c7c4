// Old-style JPEG (compression 6, TIFF 6.0 section 22, withdrawn in 1995 but still met in scans and
// camera files), read the way libtiff reads it: the JPEG markers come from the stream that
// JPEGInterchangeFormat points at, or are rebuilt from the JPEGQTables / JPEGDCTables /
// JPEGACTables tags; the entropy-coded data is the page's strips one after another, with a restart
// marker between strips when the file gives no restart interval of its own. The rebuilt stream is
// then decoded by our JPEG decoder (../jpeg/), like new-style JPEG pages.
import { concatBytes } from "../common/bytes.ts";
import { TiffError } from "./errors.ts";
import type { TiffPageInfo } from "./ifd.ts";
import { Photometric } from "./pixels.ts";
import { decodeJpegSamples, type JpegSamples } from "../jpeg/decoder.ts";

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DRI = 0xdd;

interface Segment {
  marker: number;
  /** the whole segment, marker included */
  bytes: Uint8Array;
}

/** The marker segments of a JPEG header, up to and including SOS (or the end of `stream`). */
function headerSegments(stream: Uint8Array): { segments: Segment[]; end: number } {
  const segments: Segment[] = [];
  let i = 0;
  while (i + 1 < stream.length) {
    if (stream[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = stream[i + 1] as number;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === SOI || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === EOI || i + 3 >= stream.length) break;
    const length = ((stream[i + 2] as number) << 8) | (stream[i + 3] as number);
    const end = Math.min(stream.length, i + 2 + length);
    segments.push({ marker, bytes: stream.subarray(i, end) });
    i = end;
    if (marker === SOS) return { segments, end: i };
  }
  return { segments, end: i };
}

function segment(marker: number, body: number[]): Uint8Array {
  const length = body.length + 2;
  return Uint8Array.from([0xff, marker, length >> 8, length & 0xff, ...body]);
}

/** The header libtiff would build from the tags when the file has no JPEG stream of its own. */
function headerFromTags(page: TiffPageInfo, restartInterval: number): Uint8Array[] {
  const info = page.oldJpeg!;
  const components = page.samplesPerPixel;
  const parts: Uint8Array[] = [];
  info.qTables.forEach((table, id) => parts.push(segment(0xdb, [id, ...table.subarray(0, 64)])));
  info.dcTables.forEach((table, id) => parts.push(segment(0xc4, [id, ...table])));
  info.acTables.forEach((table, id) => parts.push(segment(0xc4, [0x10 | id, ...table])));
  if (restartInterval > 0) parts.push(segment(DRI, [restartInterval >> 8, restartInterval & 0xff]));
  const [h, v] = colourSubsampling(page);
  const frame = [8, page.height >> 8, page.height & 0xff, page.width >> 8, page.width & 0xff, components];
  const tables = (n: number) => Math.min(n, Math.max(0, info.qTables.length - 1));
  for (let c = 0; c < components; c++) frame.push(c + 1, c === 0 ? (h << 4) | v : 0x11, tables(c));
  parts.push(segment(0xc0, frame));
  const scan = [components];
  for (let c = 0; c < components; c++) scan.push(c + 1, (Math.min(c, info.dcTables.length - 1) << 4) | Math.min(c, info.acTables.length - 1));
  scan.push(0, 63, 0);
  parts.push(segment(SOS, scan));
  return parts;
}

function colourSubsampling(page: TiffPageInfo): [number, number] {
  return page.samplesPerPixel === 3 && page.photometric === Photometric.YCbCr ? page.ycbcr.subsampling : [1, 1];
}

/** The page's strips (or tiles) as stored, in order, each cut to the file. */
function chunkData(file: Uint8Array, page: TiffPageInfo): Uint8Array[] {
  const { offsets, byteCounts, listed } = page.chunks;
  const out: Uint8Array[] = [];
  for (let i = 0; i < listed; i++) {
    const start = offsets[i] as number;
    if (!(start > 0 && start < file.length)) continue;
    out.push(file.subarray(start, Math.min(file.length, start + (byteCounts[i] as number))));
  }
  return out;
}

const isFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The whole page decoded: 8-bit samples, 1 (grey) or 3 (colour, as stored) a pixel. */
export function decodeOldJpegPage(file: Uint8Array, page: TiffPageInfo, pageNumber: number): { samples: Uint8Array; components: number } {
  const info = page.oldJpeg!;
  const broken = (why: string) => new TiffError(`Page ${pageNumber} of the TIFF file uses old-style JPEG compression and cannot be read: ${why}.`, "corrupt");
  const strips = chunkData(file, page);
  // 1. the markers of the JPEGInterchangeFormat stream, when it has any
  let segments: Segment[] = [];
  let inlineScan: Uint8Array | null = null;
  const at = info.interchangeOffset;
  if (at > 0 && at + 2 < file.length && file[at] === 0xff && file[at + 1] === SOI) {
    const declared = info.interchangeLength;
    // a length that runs past the file (some writers got it wrong) means "to the end of the file"
    const end = declared > 2 && at + declared <= file.length ? at + declared : file.length;
    const stream = file.subarray(at, end);
    const header = headerSegments(stream);
    segments = header.segments;
    const firstStrip = page.chunks.offsets[0] ?? 0;
    // the stream holds the scan itself when the strips do not start after its header
    if (segments.some((s) => s.marker === SOS) && (strips.length === 0 || firstStrip < at + header.end || (firstStrip === at + header.end && declared > header.end + 2))) {
      inlineScan = stream.subarray(header.end);
    }
  }
  // 2. strips that start with markers of their own (tables, a frame, the scan header)
  const firstStrip = strips[0];
  let stripHeaderEnd = 0;
  if (!inlineScan && firstStrip && firstStrip[0] === 0xff && firstStrip[1] !== 0x00) {
    if (firstStrip[1] === SOI && segments.length === 0 && strips.length > 1 && strips.every((strip) => strip[0] === 0xff && strip[1] === SOI)) {
      // every strip a whole JPEG stream of its own
      return decodeWholeStreams(strips, page, broken);
    }
    const own = headerSegments(firstStrip);
    stripHeaderEnd = own.end;
    const hasFrame = segments.some((s) => isFrame(s.marker));
    segments = [...segments.filter((s) => s.marker !== SOS), ...own.segments.filter((s) => !(hasFrame && isFrame(s.marker)))];
  }
  // 3. what is still missing, from the tags
  if (!segments.some((s) => isFrame(s.marker))) {
    if (info.qTables.length === 0 || info.dcTables.length === 0 || info.acTables.length === 0) throw broken("it has neither a JPEG stream nor the tables to rebuild one");
    const restart = info.restartInterval || (strips.length > 1 && !page.chunks.tiled ? stripRestartInterval(page) : 0);
    segments = [...segments.filter((s) => s.marker !== SOS), ...headerFromTags(page, restart).map((bytes) => ({ marker: bytes[1] as number, bytes })), ...segments.filter((s) => s.marker === SOS)];
  }
  if (!segments.some((s) => s.marker === SOS)) {
    const scan = headerFromTags(page, 0).find((p) => p[1] === SOS)!;
    segments.push({ marker: SOS, bytes: scan });
  }
  // libtiff restarts the entropy coding at each strip: a restart interval of one strip's MCUs
  const multiple = strips.length > 1 && !page.chunks.tiled && !inlineScan;
  const ownRestart = segments.some((s) => s.marker === DRI);
  if (multiple && !ownRestart) {
    const restart = info.restartInterval || stripRestartInterval(page);
    segments.unshift({ marker: DRI, bytes: segment(DRI, [restart >> 8, restart & 0xff]) });
  }
  // the scan header goes last
  const ordered = [...segments.filter((s) => s.marker !== SOS), ...segments.filter((s) => s.marker === SOS).slice(0, 1)];
  let scan: Uint8Array[];
  if (inlineScan) {
    scan = [inlineScan];
  } else {
    scan = [];
    strips.forEach((strip, i) => {
      if (i > 0 && multiple && !ownRestart) scan.push(Uint8Array.from([0xff, 0xd0 + ((i - 1) % 8)]));
      scan.push(stripScanData(i === 0 ? strip.subarray(stripHeaderEnd) : strip));
    });
  }
  const stream = concatBytes([Uint8Array.from([0xff, SOI]), ...ordered.map((s) => s.bytes), ...scan, Uint8Array.from([0xff, EOI])]);
  return decodeStream(stream, page, broken);
}

/** A strip's entropy-coded data, its EOI dropped. */
function stripScanData(strip: Uint8Array): Uint8Array {
  let end = strip.length;
  while (end >= 2 && strip[end - 2] === 0xff && strip[end - 1] === EOI) end -= 2;
  return strip.subarray(0, end);
}

/** MCUs in one strip: the restart interval libtiff assumes between strips. */
function stripRestartInterval(page: TiffPageInfo): number {
  const [h, v] = colourSubsampling(page);
  const across = Math.ceil(page.width / (8 * h));
  const down = Math.ceil(page.chunks.chunkHeight / (8 * v));
  return Math.min(0xffff, across * down);
}

function decodeWholeStreams(strips: Uint8Array[], page: TiffPageInfo, broken: (why: string) => TiffError): { samples: Uint8Array; components: number } {
  let components = 0;
  let samples = new Uint8Array(0);
  let y = 0;
  for (const strip of strips) {
    if (y >= page.height) break;
    const part = decodeStream(strip, { ...page, height: Math.min(page.chunks.chunkHeight, page.height - y) }, broken);
    if (components === 0) {
      components = part.components;
      samples = new Uint8Array(page.width * page.height * components);
    }
    if (part.components !== components) throw broken("its strips disagree on the number of colours");
    const rows = Math.min(page.chunks.chunkHeight, page.height - y);
    samples.set(part.samples.subarray(0, rows * page.width * components), y * page.width * components);
    y += rows;
  }
  return { samples, components: components || page.samplesPerPixel };
}

function decodeStream(stream: Uint8Array, page: TiffPageInfo, broken: (why: string) => TiffError): { samples: Uint8Array; components: number } {
  const frame = headerSegments(stream).segments.find((s) => isFrame(s.marker));
  if (!frame || frame.bytes.length < 10) throw broken("its JPEG stream has no frame header");
  const frameHeight = ((frame.bytes[5] as number) << 8) | (frame.bytes[6] as number);
  const frameWidth = ((frame.bytes[7] as number) << 8) | (frame.bytes[8] as number);
  // the decoder allocates what the frame says: it must be about the page's size
  if (frameWidth < 1 || frameWidth > page.width + 16 || frameHeight > page.height + 16) throw broken(`its JPEG frame (${frameWidth} × ${frameHeight}) does not match the page`);
  // colours come out as stored (YCbCr is converted afterwards with the file's own coefficients, as
  // libtiff does), subsampled colours repeated over their pixels as libtiff's raw output gives them
  let decoded: JpegSamples;
  try {
    decoded = decodeJpegSamples(stream, { transform: "none", replicate: true });
  } catch {
    throw broken("its JPEG data is damaged");
  }
  const components = decoded.components;
  if (components !== 1 && components !== 3) throw broken(`its JPEG data has ${components} colour components`);
  if (!(decoded.samples instanceof Uint8Array)) throw broken(`its JPEG data has ${decoded.precision}-bit samples`);
  const decoder = { width: decoded.width, height: decoded.height };
  const pixels = decoded.samples;
  const { width, height } = page;
  const samples = new Uint8Array(width * height * components);
  const rows = Math.min(height, decoder.height);
  const rowLength = Math.min(width, decoder.width) * components;
  for (let y = 0; y < rows; y++) {
    const from = y * decoder.width * components;
    samples.set(pixels.subarray(from, from + rowLength), y * width * components);
  }
  return { samples, components };
}
