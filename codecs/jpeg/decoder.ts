// A JPEG decoder written from ITU-T T.81: baseline and extended sequential, progressive, Huffman and
// arithmetic coding, restart intervals, any sampling factors, grey, YCbCr, RGB, CMYK and YCCK. It
// reads markers the tolerant way libjpeg does (junk and fill bytes before a marker are skipped, a
// file cut short decodes what is there and leaves the rest grey, a damaged restart interval is
// resynchronised at the next restart marker) and stops at the first image's end (the base image of
// MPO and Ultra HDR files). Pure: bytes in, stored-orientation RGBA out, JpegError for refusals.
import { ArithmeticDecoder, defaultConditioning, type ArithmeticConditioning } from "./arithmetic.ts";
import { toRgba, toSamples, type ColourSpace, type SampleTransform } from "./colour.ts";
import { JpegError } from "./errors.ts";
import { SEQUENTIAL, blockMode, type EntropyDecoder, type Frame, type FrameComponent, type Scan, type ScanComponent, type Segment } from "./frame.ts";
import { HuffmanDecoder, buildHuffmanTable, type HuffmanTable } from "./huffman.ts";
import { idctBlock, idctBlock12 } from "./idct.ts";
import { decodeLosslessScan } from "./lossless.ts";
import { smoothedBlock, smoothingUseful } from "./smoothing.ts";
import { AC_CHROMA, AC_LUMA, DC_CHROMA, DC_LUMA, ZIGZAG } from "./tables.ts";

export interface DecodedJpeg {
  width: number;
  height: number;
  /** RGBA, rows top to bottom as stored (EXIF orientation not applied) */
  data: Uint8Array;
  /** what was tolerated, in plain words (junk bytes, a file cut short...) */
  warnings: string[];
}

/** At most 16384² pixels, as the other image codecs. */
const MAX_PIXELS = 16384 * 16384;
/** Scans decoded at most (real progressive files have about 10). */
const MAX_SCANS = 1000;
/** Bytes the decode may hold at once (coefficients, planes, RGBA and its upright copy). */
const MAX_WORKING_BYTES = 1.6e9;

interface ParseState {
  bytes: Uint8Array;
  quant: (Int32Array | undefined)[];
  dcTables: (HuffmanTable | undefined)[];
  acTables: (HuffmanTable | undefined)[];
  conditioning: ArithmeticConditioning;
  restartInterval: number;
  jfif: boolean;
  adobeTransform: number | null;
  frame: Frame | null;
  scans: number;
  warnings: string[];
}

export function decodeJpegImage(bytes: Uint8Array): DecodedJpeg {
  const { state, frame } = decodeFrame(bytes);
  const data = toRgba(frame, colourSpace(state, frame));
  return { width: frame.width, height: frame.height, data, warnings: state.warnings };
}

export interface JpegSamples {
  width: number;
  height: number;
  /** components a pixel, as the frame has them */
  components: number;
  /** bits a sample: 8, 12, or a lossless JPEG's 2–16 */
  precision: number;
  /** interleaved, rows top to bottom as stored: Uint8Array for 8-bit samples, Uint16Array otherwise */
  samples: Uint8Array | Uint16Array;
  warnings: string[];
}

export interface JpegSampleOptions {
  /** "none" keeps the components as stored (no marker is consulted); "ycbcr-to-rgb" converts three components */
  transform: SampleTransform;
  /** repeat subsampled samples instead of smoothing them (libjpeg's raw output, as libtiff's old-style JPEG reader uses) */
  replicate?: boolean;
}

/**
 * The decoded samples without the colour interpretation of whole JPEG files: for JPEG data inside
 * another container (TIFF strips and tiles) whose own tags say what the components are.
 */
export function decodeJpegSamples(bytes: Uint8Array, options: JpegSampleOptions): JpegSamples {
  const { state, frame } = decodeFrame(bytes);
  const samples = toSamples(frame, options.transform, options.replicate ?? false);
  return { width: frame.width, height: frame.height, components: frame.components.length, precision: frame.precision, samples, warnings: state.warnings };
}

function decodeFrame(bytes: Uint8Array): { state: ParseState; frame: Frame } {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) {
    throw new JpegError("This file is not a JPEG image: it does not start with a JPEG start-of-image marker.", "not-jpeg");
  }
  // first as libjpeg reads it; when an APP segment's length was wrong and hid the image, once more
  // finding each segment's real end
  let state: ParseState;
  try {
    state = parse(bytes, true);
    if (state.scans === 0) state = reparse(bytes) ?? state;
  } catch (error) {
    state = reparse(bytes) ?? rethrow(error);
  }
  const frame = state.frame;
  if (!frame) {
    throw new JpegError("This JPEG file is damaged or cut short: it has no frame header, the part that gives the image's size.", "corrupt");
  }
  if (state.scans === 0) throw new JpegError("This JPEG file is cut short: it ends before its image data begins.", "truncated");
  if (frame.progressive) finishProgressive(frame);
  return { state, frame };
}

/** The second reading, not trusting APP segment lengths; null when it finds no image data either. */
function reparse(bytes: Uint8Array): ParseState | null {
  try {
    const state = parse(bytes, false);
    return state.scans > 0 ? state : null;
  } catch {
    return null;
  }
}

function rethrow(error: unknown): never {
  throw error;
}

function parse(bytes: Uint8Array, trustAppLengths: boolean): ParseState {
  const state: ParseState = {
    bytes,
    quant: [],
    dcTables: [],
    acTables: [],
    conditioning: defaultConditioning(),
    restartInterval: 0,
    jfif: false,
    adobeTransform: null,
    frame: null,
    scans: 0,
    warnings: [],
  };
  const length = bytes.length;
  let pos = 2;
  let sawEnd = false;
  // each turn moves past at least one byte: the loop is bounded by the file's size
  for (;;) {
    const found = nextMarker(bytes, pos);
    if (!found) break;
    if (found.skipped > 0) state.warnings.push(`${found.skipped} stray bytes before a marker were skipped.`);
    const { marker, at } = found;
    pos = at;
    if (marker === 0xd9) {
      sawEnd = true;
      break; // end of the first image: what follows (MPO and gain-map images, trailers) is not ours
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (at + 2 > length) break;
    const segmentLength = (bytes[at]! << 8) | bytes[at + 1]!;
    const end = at + segmentLength;
    const isAppOrComment = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (isAppOrComment) {
      if (marker === 0xe0) readJfif(state, at + 2, Math.min(end, length));
      if (marker === 0xee) readAdobe(state, at + 2, Math.min(end, length));
      if (segmentLength < 2 || end > length || (!trustAppLengths && !isMarkerAt(bytes, end))) {
        // a broken length (running past the file or the next marker): resume at the next real marker
        pos = findSegmentMarker(bytes, at + 2);
        state.warnings.push("A metadata segment with a wrong length was skipped.");
      } else {
        pos = end;
      }
      continue;
    }
    if (segmentLength < 2) continue; // not a real marker: go on looking
    if (end > length && marker !== 0xda) break; // cut short inside a table or header
    const body = bytes.subarray(at + 2, Math.min(end, length));
    switch (marker) {
      case 0xdb:
        readQuantTables(state, body);
        break;
      case 0xc4:
        readHuffmanTables(state, body);
        break;
      case 0xcc:
        readConditioning(state, body);
        break;
      case 0xdd:
        if (body.length >= 2) state.restartInterval = (body[0]! << 8) | body[1]!;
        break;
      case 0xda:
        if (end > length) break;
        if (state.scans >= MAX_SCANS) {
          // libjpeg-turbo advises a limit like this against files made to take forever
          state.warnings.push(`Scans after the first ${MAX_SCANS} were ignored.`);
          return state;
        }
        pos = readScan(state, body, end);
        continue;
      default:
        if (marker >= 0xc0 && marker <= 0xcf) readFrame(state, marker, body);
    }
    pos = end;
  }
  if (!sawEnd && state.scans > 0) state.warnings.push("The file is cut short: it has no end-of-image marker.");
  return state;
}

/** The next marker at or after `pos`, skipping junk bytes and FF fill bytes as libjpeg does. */
function nextMarker(bytes: Uint8Array, pos: number): { marker: number; at: number; skipped: number } | null {
  const length = bytes.length;
  const start = pos;
  while (pos < length) {
    const ff = bytes.indexOf(0xff, pos);
    if (ff < 0) return null;
    let q = ff + 1;
    while (q < length && bytes[q] === 0xff) q++;
    if (q >= length) return null;
    const marker = bytes[q]!;
    if (marker === 0 || (marker > 0x01 && marker < 0xc0)) {
      pos = q + 1; // FF 00 or an undefined code: junk
      continue;
    }
    return { marker, at: q + 1, skipped: ff - start };
  }
  return null;
}

function isMarkerAt(bytes: Uint8Array, at: number): boolean {
  return bytes[at] === 0xff && (bytes[at + 1]! >= 0xc0 || bytes[at + 1] === 0xff);
}

/**
 * The next marker that can follow a metadata segment (tables, frame, scan, APPn, COM, end), skipping
 * any whole JPEG inside (an EXIF thumbnail) so its markers are not taken for the image's own.
 */
function findSegmentMarker(bytes: Uint8Array, from: number): number {
  let pos = from;
  while (pos + 1 < bytes.length) {
    const ff = bytes.indexOf(0xff, pos);
    if (ff < 0 || ff + 1 >= bytes.length) return bytes.length;
    const m = bytes[ff + 1]!;
    if (m === 0xd8) {
      const thumbnailEnd = indexOfPair(bytes, 0xff, 0xd9, ff + 2);
      pos = thumbnailEnd < 0 ? bytes.length : thumbnailEnd + 2;
      continue;
    }
    const useful = m === 0xdb || m === 0xc4 || m === 0xdd || m === 0xda || m === 0xd9 || m === 0xfe || (m >= 0xe0 && m <= 0xef) || (m >= 0xc0 && m <= 0xcf);
    if (useful) return ff;
    pos = ff + 1;
  }
  return bytes.length;
}

function indexOfPair(bytes: Uint8Array, a: number, b: number, from: number): number {
  let pos = from;
  for (;;) {
    const i = bytes.indexOf(a, pos);
    if (i < 0 || i + 1 >= bytes.length) return -1;
    if (bytes[i + 1] === b) return i;
    pos = i + 1;
  }
}

function readJfif(state: ParseState, from: number, to: number): void {
  const b = state.bytes;
  if (to - from >= 5 && b[from] === 0x4a && b[from + 1] === 0x46 && b[from + 2] === 0x49 && b[from + 3] === 0x46 && b[from + 4] === 0) state.jfif = true;
}

function readAdobe(state: ParseState, from: number, to: number): void {
  const b = state.bytes;
  if (to - from >= 12 && b[from] === 0x41 && b[from + 1] === 0x64 && b[from + 2] === 0x6f && b[from + 3] === 0x62 && b[from + 4] === 0x65) {
    state.adobeTransform = b[from + 11]!;
  }
}

function readQuantTables(state: ParseState, body: Uint8Array): void {
  let p = 0;
  while (p < body.length) {
    const precision = body[p]! >> 4;
    const id = body[p]! & 15;
    p++;
    const size = precision === 0 ? 64 : 128;
    if (id > 3 || precision > 1 || p + size > body.length) return; // damaged: keep what was read
    const table = new Int32Array(64);
    for (let i = 0; i < 64; i++) table[ZIGZAG[i]!] = precision === 0 ? body[p + i]! : (body[p + 2 * i]! << 8) | body[p + 2 * i + 1]!;
    state.quant[id] = table;
    p += size;
  }
}

function readHuffmanTables(state: ParseState, body: Uint8Array): void {
  let p = 0;
  while (p + 17 <= body.length) {
    const tableClass = body[p]! >> 4;
    const id = body[p]! & 15;
    const counts = body.subarray(p + 1, p + 17);
    let total = 0;
    for (const c of counts) total += c;
    p += 17;
    if (tableClass > 1 || id > 3 || total > 256 || p + total > body.length) {
      throw new JpegError("This JPEG file is damaged: one of its Huffman code tables is invalid.", "corrupt");
    }
    const table = buildHuffmanTable(counts, body.subarray(p, p + total));
    (tableClass === 0 ? state.dcTables : state.acTables)[id] = table;
    p += total;
  }
}

function readConditioning(state: ParseState, body: Uint8Array): void {
  for (let p = 0; p + 2 <= body.length; p += 2) {
    const tableClass = body[p]! >> 4;
    const id = body[p]! & 3;
    const value = body[p + 1]!;
    if (tableClass === 0) {
      state.conditioning.dcLower[id] = value & 15;
      state.conditioning.dcUpper[id] = value >> 4;
    } else {
      state.conditioning.acKx[id] = value;
    }
  }
}

function readFrame(state: ParseState, marker: number, body: Uint8Array): void {
  if (marker === 0xc4 || marker === 0xc8 || marker === 0xcc) return;
  if (state.frame) return; // a second frame header in one image: the first one stands
  if (marker === 0xcb) {
    throw new JpegError("This JPEG file uses lossless JPEG compression with arithmetic coding, which this converter does not support (almost no program writes it).", "unsupported");
  }
  const lossless = marker === 0xc3;
  if ((marker >= 0xc5 && marker <= 0xc7) || marker >= 0xcd) {
    throw new JpegError("This JPEG file uses hierarchical JPEG compression, which this converter does not support (almost no program writes it).", "unsupported");
  }
  if (body.length < 6) throw new JpegError("This JPEG file is damaged: its frame header is too short.", "corrupt");
  const precision = body[0]!;
  const height = (body[1]! << 8) | body[2]!;
  const width = (body[3]! << 8) | body[4]!;
  const count = body[5]!;
  if (lossless ? precision < 2 || precision > 16 : precision !== 8 && precision !== 12) throw new JpegError(`This JPEG file is damaged: its frame header gives ${precision} bits per sample.`, "corrupt");
  if (height === 0) {
    throw new JpegError("This JPEG file gives its height only after the image data (a DNL marker), which this converter does not support.", "unsupported");
  }
  if (width === 0) throw new JpegError("This JPEG file is damaged: its frame header gives an image 0 pixels wide.", "corrupt");
  if (count !== 1 && count !== 3 && count !== 4) {
    throw new JpegError(`This JPEG file has ${count} colour components; only grey (1), colour (3) and CMYK (4) images can be shown.`, "unsupported");
  }
  if (body.length < 6 + count * 3) throw new JpegError("This JPEG file is damaged: its frame header is too short.", "corrupt");
  if (width * height > MAX_PIXELS) {
    throw new JpegError(`This JPEG image is too large to convert here: ${width} × ${height} pixels (at most 16384 × 16384).`, "too-large");
  }
  const raw: { id: number; h: number; v: number; quantId: number }[] = [];
  for (let i = 0; i < count; i++) {
    const p = 6 + i * 3;
    const h = body[p + 1]! >> 4;
    const v = body[p + 1]! & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4) throw new JpegError("This JPEG file is damaged: a component has an impossible sampling factor.", "corrupt");
    raw.push({ id: uniqueId(body[p]!, raw), h, v, quantId: body[p + 2]! & 3 });
  }
  const hMax = Math.max(...raw.map((c) => c.h));
  const vMax = Math.max(...raw.map((c) => c.v));
  // lossless MCUs are h × v samples; DCT ones h × v blocks of 8 × 8
  const mcuSide = lossless ? 1 : 8;
  const mcusPerLine = Math.ceil(width / (mcuSide * hMax));
  const mcusPerColumn = Math.ceil(height / (mcuSide * vMax));
  const wide = lossless || precision === 12;
  const progressive = marker === 0xc2 || marker === 0xca;
  let workingBytes = width * height * 8;
  const components: FrameComponent[] = raw.map((c) => {
    const cw = Math.ceil((width * c.h) / hMax);
    const ch = Math.ceil((height * c.v) / vMax);
    const blocksPerLine = lossless ? Math.ceil((mcusPerLine * c.h) / 8) : mcusPerLine * c.h;
    const blocksPerColumn = lossless ? Math.ceil((mcusPerColumn * c.v) / 8) : mcusPerColumn * c.v;
    workingBytes += blocksPerLine * blocksPerColumn * 64 * (progressive ? 3 : 1) * (wide ? 2 : 1);
    return {
      ...c,
      width: cw,
      height: ch,
      blocksWide: Math.ceil(cw / 8),
      blocksHigh: Math.ceil(ch / 8),
      blocksPerLine,
      blocksPerColumn,
      quant: null,
      coefficients: null,
      plane: new Uint8Array(0),
      coefBits: new Int8Array(10).fill(-1),
      previousCoefBits: new Int8Array(10).fill(-1),
      reachedRows: 0,
      dcPredictor: 0,
      dcContext: 0,
    };
  });
  if (workingBytes > MAX_WORKING_BYTES) {
    throw new JpegError(`This JPEG image is too large to convert here: ${width} × ${height} pixels need more memory than a browser tab has.`, "too-large");
  }
  for (const c of components) {
    const blocks = c.blocksPerLine * c.blocksPerColumn;
    // blocks no scan reaches stay mid-grey, as in libjpeg (an all-zero block)
    if (progressive) c.coefficients = new Int16Array(blocks * 64);
    else c.plane = wide ? new Uint16Array(blocks * 64).fill(1 << (precision - 1)) : new Uint8Array(blocks * 64).fill(128);
  }
  state.frame = { precision, lossless, progressive, arithmetic: marker >= 0xc9, width, height, components, hMax, vMax, mcusPerLine, mcusPerColumn };
}

/**
 * A component id as libjpeg keeps it: some writers give two components the same id (one CMYK writer
 * labels K like C), and libjpeg then names the repeat one more than the largest id before it, in the
 * frame header and in each scan header alike, so the components still pair up by position.
 */
function uniqueId(id: number, before: readonly { id: number }[]): number {
  if (!before.some((c) => c.id === id)) return id;
  return Math.max(...before.map((c) => c.id)) + 1;
}

/** Reads a scan header and decodes its data; returns where the marker after the data starts. */
function readScan(state: ParseState, body: Uint8Array, dataStart: number): number {
  const frame = state.frame;
  if (!frame) throw new JpegError("This JPEG file is damaged: its image data comes before its frame header.", "corrupt");
  const count = body[0] ?? 0;
  if (count < 1 || count > 4 || body.length < 1 + count * 2 + 3) throw new JpegError("This JPEG file is damaged: a scan header is malformed.", "corrupt");
  const components: ScanComponent[] = [];
  for (let i = 0; i < count; i++) {
    const id = uniqueId(body[1 + i * 2]!, components.map((sc) => sc.component));
    const tables = body[2 + i * 2]!;
    const component = frame.components.find((c) => c.id === id);
    if (!component) throw new JpegError("This JPEG file is damaged: a scan refers to a colour component the frame does not have.", "corrupt");
    components.push({ component, dcTable: tables >> 4, acTable: tables & 15 });
  }
  const p = 1 + count * 2;
  let scan: Scan = { components, ss: body[p]!, se: body[p + 1]!, ah: body[p + 2]! >> 4, al: body[p + 2]! & 15 };
  if (frame.lossless) return readLosslessScan(state, frame, scan, dataStart);
  if (!frame.progressive) scan = { ...scan, ss: 0, se: 63, ah: 0, al: 0 };
  else if (scan.ss > scan.se || scan.se > 63 || (scan.ss === 0 && scan.se !== 0) || (scan.ss > 0 && count !== 1) || scan.al > 13) {
    throw new JpegError("This JPEG file is damaged: a progressive scan has impossible parameters.", "corrupt");
  }
  for (const sc of components) {
    const component = sc.component;
    if (!component.quant) {
      const table = state.quant[component.quantId];
      if (!table) throw new JpegError("This JPEG file is damaged: its image data uses a quantization table the file never defines.", "corrupt");
      component.quant = table.slice();
    }
    if (!frame.arithmetic) {
      // Motion-JPEG frames leave out the standard Huffman tables; libjpeg then uses them, and so do we
      if (!state.dcTables[sc.dcTable] && sc.dcTable < 2) state.dcTables[sc.dcTable] = standardTable(sc.dcTable === 0 ? DC_LUMA : DC_CHROMA);
      if (!state.acTables[sc.acTable] && sc.acTable < 2) state.acTables[sc.acTable] = standardTable(sc.acTable === 0 ? AC_LUMA : AC_CHROMA);
    }
  }
  const { segments, next } = findSegments(state.bytes, dataStart);
  const mode = blockMode(frame, scan);
  const decoder: EntropyDecoder = frame.arithmetic
    ? new ArithmeticDecoder(state.bytes, mode, scan.ss, scan.se, scan.al, state.conditioning, components)
    : new HuffmanDecoder(state.bytes, mode, scan.ss, scan.se, scan.al, state.dcTables, state.acTables);
  if (frame.progressive) {
    for (const sc of components) {
      const component = sc.component;
      component.previousCoefBits.set(component.coefBits);
      for (let k = scan.ss; k <= Math.min(scan.se, 9); k++) component.coefBits[k] = scan.al;
    }
  }
  const { damaged, stoppedAt } = decodeScan(frame, scan, segments, decoder, state.restartInterval);
  for (const sc of components) {
    const component = sc.component;
    // the block rows this scan's data reached (when the file ends inside it)
    const mcusWide = components.length === 1 ? component.blocksWide : frame.mcusPerLine;
    const rowsPerMcu = components.length === 1 ? 1 : component.v;
    component.reachedRows = stoppedAt === null ? component.blocksPerColumn : Math.floor(stoppedAt / mcusWide) * rowsPerMcu;
  }
  if (damaged) state.warnings.push("Some restart intervals were damaged or missing and are left grey.");
  state.scans++;
  return next;
}

/** A lossless scan (ss is the predictor, al the point transform): Huffman-coded sample differences. */
function readLosslessScan(state: ParseState, frame: Frame, scan: Scan, dataStart: number): number {
  if (scan.ss > 7 || scan.al >= frame.precision) throw new JpegError("This JPEG file is damaged: a lossless scan has impossible parameters.", "corrupt");
  for (const sc of scan.components) {
    if (!state.dcTables[sc.dcTable] && sc.dcTable < 2) state.dcTables[sc.dcTable] = standardTable(sc.dcTable === 0 ? DC_LUMA : DC_CHROMA);
  }
  const { segments, next } = findSegments(state.bytes, dataStart);
  const decoder = new HuffmanDecoder(state.bytes, SEQUENTIAL, 0, 0, 0, state.dcTables, state.acTables);
  const picker = segmentPicker(segments);
  const damaged = decodeLosslessScan(frame, scan, decoder, state.restartInterval, (interval) => picker(interval));
  if (damaged) state.warnings.push("Some restart intervals were damaged or missing.");
  state.scans++;
  return next;
}

/** The segment for each restart interval in turn (see pickSegment); null when it is lost. */
function segmentPicker(segments: Segment[]): (interval: number) => Segment | null {
  let cursor = 0;
  return (interval) => {
    if (interval === 0) {
      cursor = 1;
      return segments[0] ?? null;
    }
    const picked = pickSegment(segments, cursor, (interval - 1) & 7);
    cursor = picked.cursor;
    return picked.segment;
  };
}

function standardTable(spec: { counts: number[]; symbols: number[] }): HuffmanTable {
  return buildHuffmanTable(spec.counts, spec.symbols);
}

/** The entropy-coded segments of a scan, split at restart markers, and where the next marker is. */
function findSegments(bytes: Uint8Array, start: number): { segments: Segment[]; next: number } {
  const length = bytes.length;
  const segments: Segment[] = [];
  let segmentStart = start;
  let openedBy = -1;
  let pos = start;
  for (;;) {
    const ff = bytes.indexOf(0xff, pos);
    if (ff < 0) {
      segments.push({ start: segmentStart, end: length, openedBy });
      return { segments, next: length };
    }
    let q = ff + 1;
    while (q < length && bytes[q] === 0xff) q++;
    if (q >= length) {
      segments.push({ start: segmentStart, end: length, openedBy });
      return { segments, next: length };
    }
    const marker = bytes[q]!;
    if (marker === 0 || (marker > 0x01 && marker < 0xc0)) {
      pos = q + 1; // a stuffed FF 00, or an undefined code that damage left: data
      continue;
    }
    segments.push({ start: segmentStart, end: ff, openedBy });
    if (marker >= 0xd0 && marker <= 0xd7) {
      openedBy = marker - 0xd0;
      segmentStart = q + 1;
      pos = q + 1;
      continue;
    }
    return { segments, next: ff };
  }
}

/**
 * Decodes every MCU of a scan, restart interval by interval. Each interval takes the segment its
 * restart marker opens; when markers are missing or out of order it resynchronises as libjpeg does
 * (a marker one or two ahead: this interval's data is lost; behind: skip that data). Returns
 * whether any interval was damaged.
 */
// Hot path: the per-MCU loop, block positions computed from the MCU index.
function decodeScan(frame: Frame, scan: Scan, segments: Segment[], decoder: EntropyDecoder, restartInterval: number): { damaged: boolean; stoppedAt: number | null } {
  const components = scan.components;
  const single = components.length === 1;
  const first = components[0]!.component;
  const mcusWide = single ? first.blocksWide : frame.mcusPerLine;
  const mcus = single ? first.blocksWide * first.blocksHigh : frame.mcusPerLine * frame.mcusPerColumn;
  const interval = restartInterval > 0 ? restartInterval : mcus;
  const sequential = blockMode(frame, scan) === SEQUENTIAL;
  const twelveBit = frame.precision === 12;
  const block = new Int16Array(64);
  let cursor = 0;
  let damaged = false;
  let stoppedAt: number | null = null;
  let intervalIndex = 0;
  for (let mcu = 0; mcu < mcus; mcu++) {
    if (mcu % interval === 0) {
      let segment: Segment | null;
      if (intervalIndex === 0) {
        segment = segments[0] ?? null;
        cursor = 1;
      } else {
        ({ segment, cursor } = pickSegment(segments, cursor, (intervalIndex - 1) & 7));
      }
      if (!segment) damaged = true;
      decoder.reset(segment ? segment.start : 0, segment ? segment.end : 0);
      for (const sc of components) sc.component.dcPredictor = 0;
      intervalIndex++;
    }
    if (decoder.exhausted) {
      stoppedAt ??= mcu;
      mcu = (Math.floor(mcu / interval) + 1) * interval - 1; // nothing more before the next restart
      continue;
    }
    const mcuRow = (mcu / mcusWide) | 0;
    const mcuCol = mcu - mcuRow * mcusWide;
    for (let i = 0; i < components.length; i++) {
      const sc = components[i]!;
      const component = sc.component;
      const h = single ? 1 : component.h;
      const v = single ? 1 : component.v;
      for (let by = 0; by < v; by++) {
        const row = mcuRow * v + by;
        for (let bx = 0; bx < h; bx++) {
          const col = mcuCol * h + bx;
          if (sequential) {
            block.fill(0);
            decoder.decodeBlock(sc, block, 0);
            const stride = component.blocksPerLine * 8;
            const at = row * 8 * stride + col * 8;
            if (twelveBit) idctBlock12(block, 0, component.quant!, component.plane as Uint16Array, at, stride);
            else idctBlock(block, 0, component.quant!, component.plane as Uint8Array, at, stride);
          } else {
            decoder.decodeBlock(sc, component.coefficients!, (row * component.blocksPerLine + col) * 64);
          }
        }
      }
    }
    decoder.endMcu();
  }
  return { damaged, stoppedAt };
}

function pickSegment(segments: Segment[], cursor: number, expected: number): { segment: Segment | null; cursor: number } {
  while (cursor < segments.length) {
    const segment = segments[cursor]!;
    const distance = (segment.openedBy - expected + 8) & 7;
    if (distance === 0) return { segment, cursor: cursor + 1 };
    if (distance === 1 || distance === 2) return { segment: null, cursor }; // a later interval's marker: this one is lost
    if (distance === 6 || distance === 7) {
      cursor++; // an earlier interval's marker again: skip its data
      continue;
    }
    return { segment, cursor: cursor + 1 }; // far off: a damaged marker, take its data anyway
  }
  return { segment: null, cursor };
}

/**
 * After the last scan: every block of a progressive frame through the IDCT; when scans stopped
 * short, the low AC coefficients still missing are estimated first (./smoothing.ts), as libjpeg does.
 */
function finishProgressive(frame: Frame): void {
  const zeroQuant = new Int32Array(64);
  const smoothed = new Int16Array(64);
  for (const component of frame.components) {
    const stride = component.blocksPerLine * 8;
    const size = stride * component.blocksPerColumn * 8;
    const plane = frame.precision === 12 ? new Uint16Array(size) : new Uint8Array(size);
    const coefficients = component.coefficients!;
    const quant = component.quant ?? zeroQuant;
    const smoothReached = component.quant !== null && smoothingUseful(component.coefBits);
    const smoothRest = component.quant !== null && smoothingUseful(component.previousCoefBits);
    for (let row = 0; row < component.blocksPerColumn; row++) {
      const reached = row < component.reachedRows;
      const smooth = (reached ? smoothReached : smoothRest) && row < component.blocksHigh;
      const bits = reached ? component.coefBits : component.previousCoefBits;
      for (let col = 0; col < component.blocksPerLine; col++) {
        let source = coefficients;
        let from = (row * component.blocksPerLine + col) * 64;
        if (smooth && col < component.blocksWide) {
          smoothedBlock(coefficients, component.blocksPerLine, component.blocksWide, component.blocksHigh, row, col, quant, bits, smoothed);
          source = smoothed;
          from = 0;
        }
        const at = row * 8 * stride + col * 8;
        if (plane instanceof Uint16Array) idctBlock12(source, from, quant, plane, at, stride);
        else idctBlock(source, from, quant, plane, at, stride);
      }
    }
    component.plane = plane;
    component.coefficients = null;
  }
}

/** How libjpeg reads the components' colours: markers first (JFIF, Adobe), then the component ids. */
function colourSpace(state: ParseState, frame: Frame): ColourSpace {
  const ids = frame.components.map((c) => c.id);
  if (ids.length === 1) return "grey";
  if (ids.length === 3) {
    // lossless writers (medical, scanners) store RGB samples unsubsampled, JFIF marker or not; only
    // subsampled lossless colour is YCbCr (how ffmpeg, the reader of lossless JPEG, decides)
    if (frame.lossless && frame.hMax === 1 && frame.vMax === 1) return "rgb";
    if (state.jfif) return "ycbcr";
    if (state.adobeTransform !== null) return state.adobeTransform === 0 ? "rgb" : "ycbcr";
    if (ids[0] === 0x52 && ids[1] === 0x47 && ids[2] === 0x42) return "rgb";
    return "ycbcr";
  }
  return state.adobeTransform === 2 ? "ycck" : "cmyk";
}
