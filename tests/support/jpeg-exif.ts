// JPEG fixtures with an EXIF Orientation written by the test itself (ImageMagick keeps no EXIF for generated images).

/** A JPEG with an APP1 EXIF segment (IFD0: one Orientation entry) inserted after SOI. */
export function withExifOrientation(jpeg: Uint8Array, orientation: number, littleEndian: boolean): Uint8Array {
  const tiff = new Uint8Array(26);
  const view = new DataView(tiff.buffer);
  tiff.set(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]);
  view.setUint16(2, 42, littleEndian);
  view.setUint32(4, 8, littleEndian); // IFD0 right after the header
  view.setUint16(8, 1, littleEndian); // one entry
  view.setUint16(10, 0x0112, littleEndian);
  view.setUint16(12, 3, littleEndian); // SHORT
  view.setUint32(14, 1, littleEndian);
  view.setUint16(18, orientation, littleEndian);
  const app1 = Uint8Array.from([0xff, 0xe1, 0, 2 + 6 + tiff.length, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]);
  return Uint8Array.from([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
}
