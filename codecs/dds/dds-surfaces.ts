// Which images a DDS file holds and what each is called: the level / face / slice pickers, the
// zip's entry names and the single download's name. Pure and browser-safe (page, worker, tests).

/** What the page knows about a DDS file (from parseDds in the worker, plain data). */
export interface DdsLayout {
  width: number;
  height: number;
  /** depth of a volume texture, else 1 */
  depth: number;
  mipCount: number;
  /** cube faces stored per array element, else 1 */
  faces: number;
  /** "+X", "-X"... for the stored faces of a cubemap, empty otherwise */
  faceNames: readonly string[];
  arraySize: number;
  isCubemap: boolean;
  isVolume: boolean;
}

export interface SurfaceSelection {
  level: number;
  face: number;
  /** array element, or depth slice of a volume at the chosen level */
  slice: number;
}

export const TOP_SURFACE: SurfaceSelection = { level: 0, face: 0, slice: 0 };

/** Size of a mip level (halved per level, at least 1). */
export function mipSize(size: number, level: number): number {
  return Math.max(1, Math.floor(size / 2 ** level));
}

/** Width and height of a mip level. */
export function levelSize(layout: Pick<DdsLayout, "width" | "height">, level: number): { width: number; height: number } {
  return { width: mipSize(layout.width, level), height: mipSize(layout.height, level) };
}

/** How many slices the picker offers at a level: depth slices of a volume (they halve per level), else array elements. */
export function sliceCount(layout: DdsLayout, level: number): number {
  return layout.isVolume ? mipSize(layout.depth, level) : layout.arraySize;
}

/** Every image of the file, in file order (Direct3D: array element, face, level; volumes: level, depth slice). */
export function allSurfaces(layout: DdsLayout): SurfaceSelection[] {
  const out: SurfaceSelection[] = [];
  if (layout.isVolume) {
    for (let level = 0; level < layout.mipCount; level++) {
      for (let slice = 0; slice < sliceCount(layout, level); slice++) out.push({ level, face: 0, slice });
    }
    return out;
  }
  for (let slice = 0; slice < layout.arraySize; slice++) {
    for (let face = 0; face < layout.faces; face++) {
      for (let level = 0; level < layout.mipCount; level++) out.push({ level, face, slice });
    }
  }
  return out;
}

/** Number of images `allSurfaces` lists, without listing them. */
export function surfaceCount(layout: DdsLayout): number {
  if (!layout.isVolume) return layout.arraySize * layout.faces * layout.mipCount;
  let count = 0;
  for (let level = 0; level < layout.mipCount; level++) count += sliceCount(layout, level);
  return count;
}

/** Pixels of every image together (what "all images" decodes). */
export function totalPixels(layout: DdsLayout): number {
  let perLayer = 0;
  for (let level = 0; level < layout.mipCount; level++) {
    const { width, height } = levelSize(layout, level);
    perLayer += width * height * (layout.isVolume ? sliceCount(layout, level) : 1);
  }
  return perLayer * (layout.isVolume ? 1 : layout.arraySize * layout.faces);
}

/** An index within 0..count-1; anything that is not a whole number becomes 0. */
function clampIndex(value: number, count: number): number {
  return Number.isInteger(value) ? Math.min(Math.max(value, 0), count - 1) : 0;
}

/** Keeps a selection inside the file (a smaller level has fewer volume slices): out-of-range parts become the nearest valid value. */
export function clampSelection(layout: DdsLayout, selection: SurfaceSelection): SurfaceSelection {
  const level = clampIndex(selection.level, layout.mipCount);
  return { level, face: clampIndex(selection.face, layout.faces), slice: clampIndex(selection.slice, sliceCount(layout, level)) };
}

/** "+X" → "posx", "-Z" → "negz": face names safe in file names on every system. */
export function faceFileTag(faceName: string): string {
  const axis = faceName.slice(1).toLowerCase();
  return `${faceName.startsWith("-") ? "neg" : "pos"}${axis}`;
}

const pad = (value: number, count: number) => String(value).padStart(String(Math.max(count - 1, 0)).length, "0");

/**
 * The name parts that tell one image of the file from the others, only for the dimensions the file
 * has: array element ("array02"), cube face ("posx"), mip level ("mip03"), volume depth slice
 * ("depth07"). Numbers are zero-padded to the widest index so names sort in file order.
 */
export function surfaceTags(layout: DdsLayout, selection: SurfaceSelection): string[] {
  const tags: string[] = [];
  if (!layout.isVolume && layout.arraySize > 1) tags.push(`array${pad(selection.slice, layout.arraySize)}`);
  if (layout.isCubemap) tags.push(faceFileTag(layout.faceNames[selection.face] ?? `+${selection.face}`));
  if (layout.mipCount > 1) tags.push(`mip${pad(selection.level, layout.mipCount)}`);
  if (layout.isVolume) tags.push(`depth${pad(selection.slice, layout.depth)}`);
  return tags;
}

/** The zip entry of one image: "sky_posx_mip02_256x256.png" (always with its size; a file's one image is "name_512x512.png"). */
export function zipEntryName(baseName: string, layout: DdsLayout, selection: SurfaceSelection): string {
  const { width, height } = levelSize(layout, selection.level);
  return [baseName, ...surfaceTags(layout, selection), `${width}x${height}`].join("_") + ".png";
}

/** The zip entries of every image, in file order (unique: each image has its own tags). */
export function zipEntryNames(baseName: string, layout: DdsLayout): string[] {
  return allSurfaces(layout).map((selection) => zipEntryName(baseName, layout, selection));
}

/** The single download: "brick.png" for the main image (top level, first face and slice), else "sky_negy_mip01.png". */
export function singleImageFileName(baseName: string, layout: DdsLayout, selection: SurfaceSelection): string {
  const isMain = selection.level === 0 && selection.face === 0 && selection.slice === 0;
  return isMain ? `${baseName}.png` : [baseName, ...surfaceTags(layout, selection)].join("_") + ".png";
}

/** The zip's own name: "sky_all_images.zip". */
export function zipFileName(baseName: string): string {
  return `${baseName}_all_images.zip`;
}

/** A label for one image, as the pickers and the result show it: "Mip 2 (256 × 256), face −X, array element 3". */
export function surfaceLabel(layout: DdsLayout, selection: SurfaceSelection): string {
  const { width, height } = levelSize(layout, selection.level);
  const parts = [`Mip ${selection.level} (${width} × ${height})`];
  if (layout.isCubemap) parts.push(`face ${layout.faceNames[selection.face] ?? selection.face}`);
  if (!layout.isVolume && layout.arraySize > 1) parts.push(`array element ${selection.slice}`);
  if (layout.isVolume) parts.push(`depth slice ${selection.slice}`);
  return parts.join(", ");
}
