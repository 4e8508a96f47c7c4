/** An 8-bit RGBA image, rows top to bottom, 4 bytes a pixel, straight (not premultiplied) alpha. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}
