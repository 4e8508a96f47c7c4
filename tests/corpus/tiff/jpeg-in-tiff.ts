// A small TIFF writer for tests: one JPEG stream (from cjpeg, ffmpeg or a test file) as the single
// strip of a little-endian TIFF with compression 7 and no JPEGTables, for the JPEG processes and
// depths that tiffcp does not write (arithmetic, lossless, 12-bit).

export interface JpegInTiffOptions {
  width: number;
  height: number;
  samplesPerPixel: number;
  bitsPerSample: number;
  /** TIFF Photometric: 1 grey, 2 RGB, 6 YCbCr */
  photometric: number;
  /** YCbCrSubsampling (YCbCr only) */
  subsampling?: [number, number];
}

const fits = (type: number, values: number[]): boolean => values.length * (type === 3 ? 2 : 4) <= 4;

export function jpegInTiff(jpeg: Uint8Array, options: JpegInTiffOptions): Uint8Array {
  const { width, height, samplesPerPixel: spp } = options;
  const entries: [tag: number, type: number, values: number[]][] = [
    [256, 4, [width]],
    [257, 4, [height]],
    [258, 3, Array.from({ length: spp }, () => options.bitsPerSample)],
    [259, 3, [7]],
    [262, 3, [options.photometric]],
    [273, 4, [0]], // the strip's offset, set below
    [277, 3, [spp]],
    [278, 4, [height]],
    [279, 4, [jpeg.length]],
    [284, 3, [1]],
  ];
  if (options.photometric === 6) entries.push([530, 3, options.subsampling ?? [2, 2]]);
  // header, the IFD, the values that do not fit in an entry (SHORTs only here), then the strip
  const ifdSize = 2 + entries.length * 12 + 4;
  const extraSize = entries.reduce((n, [, type, values]) => n + (fits(type, values) ? 0 : values.length * 2), 0);
  const stripAt = 8 + ifdSize + extraSize;
  const file = new Uint8Array(stripAt + jpeg.length);
  const view = new DataView(file.buffer);
  file.set([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  view.setUint16(8, entries.length, true);
  let extraAt = 8 + ifdSize;
  entries.forEach(([tag, type, values], i) => {
    const at = 10 + i * 12;
    const actual = tag === 273 ? [stripAt] : values;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, values.length, true);
    if (!fits(type, values)) {
      view.setUint32(at + 8, extraAt, true);
      for (const value of actual) {
        view.setUint16(extraAt, value, true);
        extraAt += 2;
      }
    } else if (type === 3) {
      actual.forEach((value, k) => view.setUint16(at + 8 + k * 2, value, true));
    } else {
      view.setUint32(at + 8, actual[0]!, true);
    }
  });
  file.set(jpeg, stripAt);
  return file;
}
