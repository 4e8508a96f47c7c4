// Typed access to utif2's JPEG decoder, which we call chunk by chunk ourselves (./decode.ts) rather
// than through utif2's `decodeImage`, which cannot bound its work on a hostile file, logs to the
// console for tiled files and mishandles planar data. (CCITT is our own: ./ccitt.ts.)
import UTIF from "utif2";

export interface JpegDecoder {
  width: number;
  height: number;
  parse(data: Uint8Array): void;
  getData(options: { width: number; height: number; forceRGB: boolean; isSourcePDF: boolean }): Uint8Array | Uint8ClampedArray;
}

interface UtifModule {
  /** `w` is the Adobe colour transform: 0 keeps three-component data as stored (RGB), -1 (default) converts YCbCr */
  JpegDecoder: new (options?: { w?: number }) => JpegDecoder;
}

const utif = UTIF as unknown as UtifModule;
export const JpegDecoderClass = utif.JpegDecoder;
