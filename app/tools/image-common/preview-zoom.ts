// How much larger a tiny image is drawn on the page (pixel for pixel), so a 4 × 4 mip level or an
// 8 × 8 sprite can be seen at all. Pure.

/** Whole-number zoom that brings the longer side up to about `target` px, between 1 and `maxZoom`. */
export function previewZoom(width: number, height: number, maxZoom = 16, target = 128): number {
  return Math.min(maxZoom, Math.max(1, Math.floor(target / Math.max(width, height, 1))));
}
