// The shapes the JPEG decoder's parts share: the frame (SOFn), its components, and a scan (SOS).

export interface FrameComponent {
  id: number;
  /** sampling factors */
  h: number;
  v: number;
  quantId: number;
  /** the component's own size in samples (libjpeg's downsampled width and height) */
  width: number;
  height: number;
  /** blocks a scan of this component alone covers */
  blocksWide: number;
  blocksHigh: number;
  /** blocks allocated: whole MCUs of an interleaved scan, at least blocksWide × blocksHigh */
  blocksPerLine: number;
  blocksPerColumn: number;
  /** the quantization table, natural order, latched when the component's first scan starts */
  quant: Int32Array | null;
  /** all coefficients (progressive frames only: sequential blocks go straight to `plane`) */
  coefficients: Int16Array | null;
  /** the decoded samples, blocksPerLine × 8 to a row (16-bit words for 12-bit JPEGs) */
  plane: Uint8Array | Uint16Array;
  /**
   * Progressive frames: for zigzag coefficients 0–9, the low bits still missing after the scans
   * received (-1: none yet), and the same before the last scan, for the block rows it did not reach.
   */
  coefBits: Int8Array;
  previousCoefBits: Int8Array;
  /** block rows the last scan of this component reached (all of them unless the file was cut short) */
  reachedRows: number;
  /** entropy decoding state, reset at each scan and restart */
  dcPredictor: number;
  dcContext: number;
}

export interface Frame {
  /** bits per sample: 8, or 12 (extended and progressive JPEG from medical and scientific cameras), 2–16 lossless */
  precision: number;
  /** lossless JPEG (SOF3): predicted samples, no DCT; `precision` from 2 to 16 */
  lossless: boolean;
  progressive: boolean;
  arithmetic: boolean;
  width: number;
  height: number;
  components: FrameComponent[];
  hMax: number;
  vMax: number;
  mcusPerLine: number;
  mcusPerColumn: number;
}

export interface ScanComponent {
  component: FrameComponent;
  dcTable: number;
  acTable: number;
}

export interface Scan {
  components: ScanComponent[];
  /** spectral selection start and end, successive approximation high and low bits */
  ss: number;
  se: number;
  ah: number;
  al: number;
}

/** What a scan's entropy decoder does with one block. */
export const SEQUENTIAL = 0;
export const DC_FIRST = 1;
export const DC_REFINE = 2;
export const AC_FIRST = 3;
export const AC_REFINE = 4;
export type BlockMode = typeof SEQUENTIAL | typeof DC_FIRST | typeof DC_REFINE | typeof AC_FIRST | typeof AC_REFINE;

export function blockMode(frame: Frame, scan: Scan): BlockMode {
  if (!frame.progressive) return SEQUENTIAL;
  if (scan.ss === 0) return scan.ah === 0 ? DC_FIRST : DC_REFINE;
  return scan.ah === 0 ? AC_FIRST : AC_REFINE;
}

/** One entropy-coded stretch of a scan: bytes [start, end) of the file, between restart markers. */
export interface Segment {
  start: number;
  end: number;
  /** the restart marker number (0–7) that opened it, or -1 for the scan's first */
  openedBy: number;
}

/** The decoders for Huffman and arithmetic coding share this face. */
export interface EntropyDecoder {
  /** starts a restart interval reading bytes [start, end) */
  reset(start: number, end: number): void;
  /** the interval's data ran out (or was found corrupt): libjpeg leaves the rest of it empty */
  exhausted: boolean;
  decodeBlock(sc: ScanComponent, block: Int16Array, offset: number): void;
  /** called after each MCU, to notice data running out */
  endMcu(): void;
}
