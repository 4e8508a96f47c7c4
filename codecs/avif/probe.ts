// A quick look at an AVIF file's boxes (ISO BMFF, HEIF/MIAF) before the browser decodes it: is it
// AVIF at all (not HEIC, PNG or a renamed file), and how large will the decoded image be? The
// pixels themselves are decoded by the browser; this only lets us refuse early with a clear message.
import { KIND_BYTES, wrongKindMessage } from "../common/file-kind.ts";
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import { AvifError } from "./errors.ts";

export interface AvifInfo {
  majorBrand: string;
  brands: string[];
  /** an image sequence ("avis" brand) rather than a still image */
  sequence: boolean;
  /** the largest image size declared in 'ispe' properties (a grid's canvas, the primary image...), if any */
  width?: number;
  height?: number;
}

/** Chromium's canvas limits, which the conversion's decoded pixels must fit: 32767 px a side, 2^28 pixels (1 GiB RGBA). */
export const MAX_AVIF_SIDE = 32767;
export const MAX_AVIF_PIXELS = 268_435_456;

const AVIF_BRANDS = new Set(["avif", "avis"]);
/** container boxes on the way to 'ispe': meta (a full box) > iprp > ipco */
const PATH_TO_ISPE: Record<string, { fullBox: boolean }> = { meta: { fullBox: true }, iprp: { fullBox: false }, ipco: { fullBox: false } };

interface Box {
  type: string;
  /** the box's content (after its header) */
  start: number;
  end: number;
}

export interface ProbeAvifOptions {
  /** counts the box headers read; past its limit the file is refused ("too-much-work") */
  budget?: WorkBudget;
}

export function probeAvif(bytes: Uint8Array, options: ProbeAvifOptions = {}): AvifInfo {
  const budget = options.budget ?? unlimited();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || fourCC(view, 4) !== "ftyp") {
    throw new AvifError(wrongKindMessage(bytes.subarray(0, KIND_BYTES), "an AVIF image") ?? "This file is not an AVIF image.", "not-avif", {
      detail: "It does not start with the 'ftyp' box of the AVIF/HEIF format.",
    });
  }
  const ftyp = readBoxes(view, 0, bytes.length, budget, 1)[0]!;
  if (ftyp.end - ftyp.start < 8) throw new AvifError("This AVIF file is corrupt: its 'ftyp' box is too short.", "corrupt");
  const majorBrand = fourCC(view, ftyp.start);
  const brands = [majorBrand];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) brands.push(fourCC(view, at));
  if (!brands.some((brand) => AVIF_BRANDS.has(brand))) {
    throw new AvifError(`This file is not an AVIF image: its format brand is "${printable(majorBrand)}" (for example HEIC or MP4), not "avif".`, "not-avif");
  }
  const info: AvifInfo = { majorBrand, brands, sequence: brands.includes("avis") && !brands.includes("avif") };

  let largest: { width: number; height: number } | undefined;
  for (const meta of topLevelMeta(view, bytes.length, budget)) {
    for (const ispe of findIspe(view, meta, budget)) {
      if (ispe.end - ispe.start < 12) throw new AvifError("This AVIF file is corrupt: an image size property ('ispe') is too short.", "corrupt");
      const width = view.getUint32(ispe.start + 4);
      const height = view.getUint32(ispe.start + 8);
      if (!largest || width * height > largest.width * largest.height) largest = { width, height };
    }
  }
  if (largest) {
    const { width, height } = largest;
    if (width === 0 || height === 0) throw new AvifError(`This AVIF file is corrupt: it declares an image of ${width} × ${height} pixels.`, "corrupt");
    if (width > MAX_AVIF_SIDE || height > MAX_AVIF_SIDE || width * height > MAX_AVIF_PIXELS) {
      throw new AvifError(
        `This AVIF image is too large to convert in the browser: ${width} × ${height} pixels (the limit is ${MAX_AVIF_SIDE} pixels a side and 268 megapixels).`,
        "too-large",
      );
    }
    info.width = width;
    info.height = height;
  }
  return info;
}

/**
 * The top-level 'meta' boxes. A box after them that overruns the file (a cut-off 'mdat') is left
 * for the decoder to judge: it may still decode, and if not its failure says so.
 */
function topLevelMeta(view: DataView, end: number, budget: WorkBudget): Box[] {
  const metas: Box[] = [];
  let at = 0;
  while (at < end) {
    let box: Box | undefined;
    try {
      box = readBoxes(view, at, end, budget, 1)[0];
    } catch (error) {
      if (metas.length > 0) break;
      throw error;
    }
    if (!box) break;
    if (box.type === "meta") metas.push(box);
    at = box.end;
  }
  return metas;
}

/** The 'ispe' boxes under meta > iprp > ipco. */
function findIspe(view: DataView, meta: Box, budget: WorkBudget): Box[] {
  const found: Box[] = [];
  const visit = (box: Box) => {
    const container = PATH_TO_ISPE[box.type];
    if (!container) return;
    const start = box.start + (container.fullBox ? 4 : 0);
    for (const child of readBoxes(view, start, box.end, budget)) {
      if (child.type === "ispe") found.push(child);
      else visit(child);
    }
  };
  visit(meta);
  return found;
}

/** The boxes laid end to end in [start, end), at most `limit` of them; a size that overruns is corruption. */
function readBoxes(view: DataView, start: number, end: number, budget: WorkBudget, limit = Infinity): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at < end && boxes.length < limit) {
    // work units: box headers read
    budget.charge(1, () => new AvifError(`This AVIF file needs more work than this tool allows for one file (over ${budget.limit} boxes).`, "too-much-work"));
    if (end - at < 8) throw new AvifError("This AVIF file is truncated or corrupt (a box header is cut short).", "corrupt");
    let size = view.getUint32(at);
    const type = fourCC(view, at + 4);
    let header = 8;
    if (size === 1) {
      if (end - at < 16) throw new AvifError("This AVIF file is truncated or corrupt (a box header is cut short).", "corrupt");
      const high = view.getUint32(at + 8);
      size = high * 2 ** 32 + view.getUint32(at + 12);
      header = 16;
    } else if (size === 0) {
      size = end - at; // the box runs to the end of its container
    }
    if (size < header || at + size > end) {
      throw new AvifError(`This AVIF file is truncated or corrupt: its '${printable(type)}' box claims ${size} bytes, but only ${end - at} remain.`, "corrupt");
    }
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function fourCC(view: DataView, at: number): string {
  return String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
}

/** A four-character code safe to show (non-printable bytes as "?"). */
function printable(code: string): string {
  return code.replace(/[^\x20-\x7e]/g, "?");
}
