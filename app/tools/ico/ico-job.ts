// JPG/PNG to ICO: the size choice, the spec's texts and what the page and the worker exchange.
// Pure and browser-safe.

export interface IcoRequest {
  file: Blob;
  /** icon sizes in pixels, from ICO_SIZES */
  sizes: number[];
}

export interface IcoResult {
  ico: Uint8Array<ArrayBuffer>;
  /** the sizes written, smallest first */
  sizes: number[];
  /** one PNG per size, in the same order, for the preview */
  previews: Uint8Array<ArrayBuffer>[];
  sourceWidth: number;
  sourceHeight: number;
}

export const NO_SIZES_SELECTED = { title: "No Sizes Selected", description: "Please select at least one icon size" } as const;

/** The spec's success text, 'ICO file created with N size(s)', as written. */
export function icoSuccessDescription(count: number): string {
  return `ICO file created with ${count} size(s)`;
}

/** The selection after ticking or unticking one size: unique, smallest first. */
export function toggleSize(selected: readonly number[], size: number, on: boolean): number[] {
  const rest = selected.filter((s) => s !== size);
  return (on ? [...rest, size] : rest).toSorted((a, b) => a - b);
}

/** The sizes a request may carry: only offered ones, unique, smallest first; null when none is left. */
export function validSizes(requested: readonly number[], offered: readonly number[]): number[] | null {
  const sizes = [...new Set(requested.filter((s) => offered.includes(s)))].toSorted((a, b) => a - b);
  return sizes.length > 0 ? sizes : null;
}

/** How the source fits the square icon: "" when it is square, else a note on the transparent padding. */
export function paddingNote(width: number, height: number): string {
  if (width === height) return "";
  const side = Math.max(width, height);
  return `The ${width} × ${height} image was centred on a transparent ${side} × ${side} square, so it keeps its proportions.`;
}
