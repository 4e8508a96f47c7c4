// Photoshop stores the composite of a document with transparency matted with white: each colour
// is what the pixel looks like over white, c·a + 1·(1 − a). Other writers (ImageMagick) store the
// colour itself. Un-matting a composite that was never matted makes it too dark, so it is done only
// when the file's version-info resource names Photoshop as its writer.

/** Whether the writer named in the version-info resource (0x0421) mattes its composite with white. */
export function mattesWithWhite(writer: string | null): boolean {
  return writer !== null && writer.startsWith("Adobe Photoshop");
}

/** Undoes the white matte in place, RGBA samples whose full scale is `max` (255 or 65535). */
export function unmatteFromWhite(rgba: Uint8Array | Uint16Array, max: number): void {
  for (let o = 0; o < rgba.length; o += 4) {
    const a = rgba[o + 3] as number;
    if (a === max || a === 0) continue;
    // c = (m − (1 − a)) / a, in samples: max − (max − m) · max / a
    for (let k = o; k < o + 3; k++) {
      const c = max - ((max - (rgba[k] as number)) * max) / a;
      rgba[k] = c <= 0 ? 0 : Math.round(c);
    }
  }
}
