// Typed access to utif2's per-chunk decompressors (CCITT G2/G3/G4 and its JPEG decoder). We call them chunk by chunk ourselves (./decode.ts) rather than through utif2's
// `decodeImage`, which cannot bound its work on a hostile file, logs to the console for tiled
// files and mishandles planar data.
import UTIF from "utif2";
import { TiffError } from "./errors.ts";

interface UtifDecoders {
  _decodeG2(data: Uint8Array, off: number, len: number, tgt: Uint8Array, toff: number, width: number, fillOrder: number): void;
  _decodeG3(data: Uint8Array, off: number, len: number, tgt: Uint8Array, toff: number, width: number, fillOrder: number, twoDim: boolean): void;
  _decodeG4(data: Uint8Array, off: number, len: number, tgt: Uint8Array, toff: number, width: number, fillOrder: number): void;
  _addNtimes(line: number[], count: number, value: number): void;
}

export interface JpegDecoder {
  width: number;
  height: number;
  parse(data: Uint8Array): void;
  getData(options: { width: number; height: number; forceRGB: boolean; isSourcePDF: boolean }): Uint8Array | Uint8ClampedArray;
}

interface UtifModule {
  decode: UtifDecoders;
  /** `w` is the Adobe colour transform: 0 keeps three-component data as stored (RGB), -1 (default) converts YCbCr */
  JpegDecoder: new (options?: { w?: number }) => JpegDecoder;
}

const utif = UTIF as unknown as UtifModule;
export const decoders = utif.decode;
export const JpegDecoderClass = utif.JpegDecoder;

// The CCITT decoders build each row as an array of bits and only write it out when it is exactly
// as wide as the image, so a corrupt stream makes a row grow without end. A row longer than this
// cap is corrupt: we stop there.
let ccittRowCap = Number.POSITIVE_INFINITY;
decoders._addNtimes = (line: number[], count: number, value: number): void => {
  if (line.length + count > ccittRowCap) throw new TiffError("The TIFF file is corrupt: a fax-compressed (CCITT) row is longer than the image is wide.", "corrupt");
  for (let i = 0; i < count; i++) line.push(value);
};

/** Runs a CCITT decode with rows capped at `cap` bits. */
export function withCcittRowCap<T>(cap: number, run: () => T): T {
  const previous = ccittRowCap;
  ccittRowCap = cap;
  try {
    return run();
  } finally {
    ccittRowCap = previous;
  }
}
