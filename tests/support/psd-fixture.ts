// Photoshop documents written by ag-psd, for the PSB/PSD reader's unit tests, the PDF writer's and
// the PSB to PDF page's browser test: one picture, one writer, so they all test the same file.
import { writePsd, type Psd } from "ag-psd";

/** A deterministic RGBA picture with every kind of edge (and a diagonal alpha ramp when asked). */
export function testPicture(width: number, height: number, alpha = false): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      data[o] = (x * 7) & 255;
      data[o + 1] = (y * 11) & 255;
      data[o + 2] = (x * y) & 255;
      data[o + 3] = alpha ? 255 - ((x + y) & 255) : 255;
    }
  }
  return data;
}

export interface PsdFixtureOptions {
  width: number;
  height: number;
  /** the large document format (PSB) rather than PSD */
  psb: boolean;
  /** resolution in pixels per inch, written as a ResolutionInfo resource; none when absent */
  dpi?: number;
  alpha?: boolean;
  /** the writer named in a version-info resource (Photoshop's own files say "Adobe Photoshop"); none when absent */
  writer?: string;
}

/** A document whose composite is testPicture(), and that picture. */
export function psdFixture(options: PsdFixtureOptions): { bytes: Uint8Array; pixels: Uint8ClampedArray } {
  const { width, height, dpi } = options;
  const pixels = testPicture(width, height, options.alpha);
  const resolutionInfo =
    dpi === undefined
      ? undefined
      : { horizontalResolution: dpi, horizontalResolutionUnit: "PPI", widthUnit: "Inches", verticalResolution: dpi, verticalResolutionUnit: "PPI", heightUnit: "Inches" };
  const versionInfo = options.writer ? { hasRealMergedData: true, writerName: options.writer, readerName: `${options.writer} CS6`, fileVersion: 1 } : undefined;
  const imageResources = { ...(resolutionInfo ? { resolutionInfo } : {}), ...(versionInfo ? { versionInfo } : {}) };
  const psd = { width, height, imageData: { width, height, data: pixels }, ...(Object.keys(imageResources).length > 0 ? { imageResources } : {}) } as unknown as Psd;
  return { bytes: new Uint8Array(writePsd(psd, { psb: options.psb })), pixels };
}
