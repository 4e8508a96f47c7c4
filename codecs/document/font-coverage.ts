// Which characters a TrueType/OpenType font can draw, read from its `cmap` table. The PDF writer
// checks the text against this before layout: pdfmake would otherwise draw the font's empty box
// (.notdef) for every character it lacks, and the visitor would get a PDF with holes instead of a
// message. A few dozen lines of our own instead of importing fontkit a second time into the worker.

/** The code points a font maps to a real glyph, as sorted inclusive ranges. */
export interface FontCoverage {
  /** start0, end0, start1, end1... sorted and not overlapping */
  readonly ranges: Uint32Array;
}

// cmap subtables we read, best first: Windows full Unicode (format 12), Unicode full, Windows BMP
// (format 4), Unicode BMP.
const PREFERRED_ENCODINGS: ReadonlyArray<readonly [platform: number, encoding: number]> = [
  [3, 10],
  [0, 4],
  [0, 6],
  [3, 1],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
];

function tableOffset(view: DataView, tag: string): number | undefined {
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const name = String.fromCharCode(view.getUint8(record), view.getUint8(record + 1), view.getUint8(record + 2), view.getUint8(record + 3));
    if (name === tag) return view.getUint32(record + 8);
  }
  return undefined;
}

function format4(view: DataView, at: number, add: (start: number, end: number) => void): void {
  const segments = view.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = view.getUint16(ends + s * 2);
    const start = view.getUint16(starts + s * 2);
    const delta = view.getInt16(deltas + s * 2);
    const rangeOffsetAt = rangeOffsets + s * 2;
    const rangeOffset = view.getUint16(rangeOffsetAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const raw = view.getUint16(rangeOffsetAt + rangeOffset + (c - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) add(c, c);
    }
  }
}

function format12(view: DataView, at: number, add: (start: number, end: number) => void): void {
  const groups = view.getUint32(at + 12);
  for (let g = 0; g < groups; g++) {
    const group = at + 16 + g * 12;
    const start = view.getUint32(group);
    const end = view.getUint32(group + 4);
    const firstGlyph = view.getUint32(group + 8);
    // a group starting at glyph 0 maps its first character to .notdef
    if (firstGlyph === 0) {
      if (end > start) add(start + 1, end);
    } else add(start, end);
  }
}

/** Reads the Unicode character map of a TrueType/OpenType font (not a collection). */
export function fontCoverage(font: Uint8Array): FontCoverage {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const cmap = tableOffset(view, "cmap");
  if (cmap === undefined) throw new Error("The font has no cmap table.");
  const subtables = new Map<string, number>();
  const count = view.getUint16(cmap + 2);
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8;
    subtables.set(`${view.getUint16(record)}/${view.getUint16(record + 2)}`, cmap + view.getUint32(record + 4));
  }
  const pairs: Array<[number, number]> = [];
  const add = (start: number, end: number): void => {
    pairs.push([start, end]);
  };
  for (const [platform, encoding] of PREFERRED_ENCODINGS) {
    const at = subtables.get(`${platform}/${encoding}`);
    if (at === undefined) continue;
    const format = view.getUint16(at);
    if (format === 12) format12(view, at, add);
    else if (format === 4) format4(view, at, add);
    else continue;
    break;
  }
  if (pairs.length === 0) throw new Error("The font has no Unicode character map this reader knows (formats 4 and 12).");
  pairs.sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [start, end] of pairs) {
    const last = merged.length - 1;
    if (merged.length > 0 && start <= merged[last]! + 1) merged[last] = Math.max(merged[last]!, end);
    else merged.push(start, end);
  }
  return { ranges: Uint32Array.from(merged) };
}

/** Whether the font draws the code point. */
export function covers(coverage: FontCoverage, codePoint: number): boolean {
  const { ranges } = coverage;
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (codePoint < ranges[middle * 2]!) high = middle - 1;
    else if (codePoint > ranges[middle * 2 + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}

/** The code points that every one of the coverages draws (a family's four faces, say). */
export function intersectCoverage(coverages: readonly FontCoverage[]): FontCoverage {
  const [first, ...rest] = coverages;
  if (first === undefined) return { ranges: new Uint32Array(0) };
  let ranges = Array.from(first.ranges);
  for (const other of rest) {
    const next: number[] = [];
    let i = 0;
    let j = 0;
    while (i < ranges.length && j < other.ranges.length) {
      const start = Math.max(ranges[i]!, other.ranges[j]!);
      const end = Math.min(ranges[i + 1]!, other.ranges[j + 1]!);
      if (start <= end) next.push(start, end);
      if (ranges[i + 1]! < other.ranges[j + 1]!) i += 2;
      else j += 2;
    }
    ranges = next;
  }
  return { ranges: Uint32Array.from(ranges) };
}
