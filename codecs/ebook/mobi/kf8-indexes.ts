// KF8's four indexes (issue 16), as INDX records made by indx-write.ts:
// - skeleton (SKEL): per chapter file its fragment count and the skeleton's place in the text;
// - fragment ("chunk"): per fragment where it is inserted, the aid selector (in CNCX), its file,
//   sequence number and place after the skeleton;
// - NCX: the table of contents, entries sorted by depth then position (the Kindle wants it so),
//   each with its position as fragment:offset, length, label (CNCX), depth, parent and children;
// - guide: landmarks (the start of the text, the table of contents) sorted by type.
// The tag numbers and control-byte masks are the ones Kindle files use (as calibre reads and writes them).
import type { TocEntry } from "../book.ts";
import { CncxBuilder, writeIndex, type IndexEntry, type TagTable } from "./indx-write.ts";
import type { Kf8Layout, Position } from "./kf8-layout.ts";
import type { Fragment, SkeletonFile } from "./kf8-skeleton.ts";

/** Deeper TOC levels are listed under the last one kept: Kindles indent no further anyway. */
export const MAX_TOC_DEPTH = 8;
/** More table-of-contents entries than any real book has. */
export const MAX_TOC_ENTRIES = 50_000;

const SKELETON_TAGS: TagTable = [{ tag: 1, valuesPerEntry: 1, mask: 3 }, { tag: 6, valuesPerEntry: 2, mask: 12 }, "end"];
const FRAGMENT_TAGS: TagTable = [
  { tag: 2, valuesPerEntry: 1, mask: 1 },
  { tag: 3, valuesPerEntry: 1, mask: 2 },
  { tag: 4, valuesPerEntry: 1, mask: 4 },
  { tag: 6, valuesPerEntry: 2, mask: 8 },
  "end",
];
const GUIDE_TAGS: TagTable = [{ tag: 1, valuesPerEntry: 1, mask: 1 }, { tag: 6, valuesPerEntry: 2, mask: 2 }, "end"];
const NCX_TAGS: TagTable = [
  { tag: 1, valuesPerEntry: 1, mask: 1 }, // offset in the text
  { tag: 2, valuesPerEntry: 1, mask: 2 }, // length
  { tag: 3, valuesPerEntry: 1, mask: 4 }, // label (CNCX)
  { tag: 4, valuesPerEntry: 1, mask: 8 }, // depth
  { tag: 21, valuesPerEntry: 1, mask: 16 }, // parent
  { tag: 22, valuesPerEntry: 1, mask: 32 }, // first child
  { tag: 23, valuesPerEntry: 1, mask: 64 }, // last child
  { tag: 6, valuesPerEntry: 2, mask: 128 }, // fragment, offset
  "end",
];

export function skeletonIndex(files: readonly SkeletonFile[]): Uint8Array[] {
  const entries: IndexEntry[] = files.map((file) => ({
    label: `SKEL${String(file.fileNumber).padStart(10, "0")}`,
    // Kindle files repeat both values; readers take the first pair
    tags: new Map([
      [1, [file.fragments.length, file.fragments.length]],
      [6, [file.startPos, file.length, file.startPos, file.length]],
    ]),
  }));
  return writeIndex(SKELETON_TAGS, entries);
}

export function fragmentIndex(fragments: readonly Fragment[]): Uint8Array[] {
  const cncx = new CncxBuilder();
  const entries: IndexEntry[] = fragments.map((fragment) => ({
    label: String(fragment.insertPos).padStart(10, "0"),
    tags: new Map([
      [2, [cncx.add(fragment.selector)]],
      [3, [fragment.fileNumber]],
      [4, [fragment.sequence]],
      [6, [fragment.startPos, fragment.length]],
    ]),
  }));
  return writeIndex(FRAGMENT_TAGS, entries, cncx.records());
}

export interface GuideReference {
  /** "text", "toc", "cover"... */
  type: string;
  title: string;
  position: Position;
}

export function guideIndex(references: readonly GuideReference[]): Uint8Array[] {
  const cncx = new CncxBuilder();
  const sorted = references.toSorted((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  const entries: IndexEntry[] = sorted.map((reference) => ({
    label: reference.type,
    tags: new Map([
      [1, [cncx.add(reference.title)]],
      [6, [reference.position.fragment, reference.position.offset]],
    ]),
  }));
  return writeIndex(GUIDE_TAGS, entries, cncx.records());
}

interface NcxEntry {
  key: number;
  title: string;
  depth: number;
  position: Position;
  parentKey?: number;
  childKeys: number[];
  index: number;
  length: number;
}

/** The NCX index of `toc`, or no records when the book has no TOC entry that leads into it. */
export function ncxIndex(toc: readonly TocEntry[], layout: Kf8Layout, textLength: number): Uint8Array[] {
  const entries: NcxEntry[] = [];
  // depth first, iteratively; entries whose target is not in the book are left out with their children lifted
  const walk = (items: readonly TocEntry[], depth: number, parentKey: number | undefined): void => {
    for (const item of items) {
      if (entries.length >= MAX_TOC_ENTRIES) return;
      const target = layout.resolveTarget(item.target);
      if (target === undefined) {
        walk(item.children, depth, parentKey);
        continue;
      }
      const entry: NcxEntry = { key: entries.length, title: item.title.trim() || "Untitled", depth, position: layout.locate(target.chapter, target.id), childKeys: [], index: 0, length: 0 };
      if (parentKey !== undefined) {
        entry.parentKey = parentKey;
        entries[parentKey]!.childKeys.push(entry.key);
      }
      entries.push(entry);
      if (depth + 1 < MAX_TOC_DEPTH) walk(item.children, depth + 1, entry.key);
      else walk(item.children, depth, parentKey);
    }
  };
  walk(toc, 0, undefined);
  if (entries.length === 0) return [];

  // the Kindle wants (depth, position) order; a TOC out of reading order is made linear that way
  const sorted = entries.toSorted((a, b) => a.depth - b.depth || a.position.flowOffset - b.position.flowOffset || a.key - b.key);
  sorted.forEach((entry, index) => (entry.index = index));
  setLengths(entries, textLength);

  const cncx = new CncxBuilder();
  const width = Math.max(2, (sorted.length - 1).toString(16).length);
  const indexEntries: IndexEntry[] = sorted.map((entry) => {
    const tags = new Map<number, number[]>([
      [1, [entry.position.flowOffset]],
      [2, [entry.length]],
      [3, [cncx.add(entry.title)]],
      [4, [entry.depth]],
    ]);
    if (entry.parentKey !== undefined) tags.set(21, [entries[entry.parentKey]!.index]);
    if (entry.childKeys.length > 0) {
      let first = Infinity;
      let last = -1;
      for (const key of entry.childKeys) {
        first = Math.min(first, entries[key]!.index);
        last = Math.max(last, entries[key]!.index);
      }
      tags.set(22, [first]);
      tags.set(23, [last]);
    }
    tags.set(6, [entry.position.fragment, entry.position.offset]);
    return { label: entry.index.toString(16).toUpperCase().padStart(width, "0"), tags };
  });
  return writeIndex(NCX_TAGS, indexEntries, cncx.records());
}

/** An entry runs to the next entry at its depth or above that starts after it, or to the text's end. */
function setLengths(entries: NcxEntry[], textLength: number): void {
  const byOffset = entries.toSorted((a, b) => b.position.flowOffset - a.position.flowOffset);
  // nextStart[d]: the smallest start seen so far (all later in the text) of an entry at depth d
  const nextStart: number[] = Array.from({ length: MAX_TOC_DEPTH + 1 }, () => textLength);
  let i = 0;
  while (i < byOffset.length) {
    const offset = byOffset[i]!.position.flowOffset;
    let j = i;
    while (j < byOffset.length && byOffset[j]!.position.flowOffset === offset) j++;
    for (let k = i; k < j; k++) {
      const entry = byOffset[k]!;
      let end = textLength;
      for (let depth = 0; depth <= entry.depth; depth++) end = Math.min(end, nextStart[depth]!);
      entry.length = Math.max(0, end - offset);
    }
    for (let k = i; k < j; k++) {
      const depth = byOffset[k]!.depth;
      nextStart[depth] = Math.min(nextStart[depth]!, offset);
    }
    i = j;
  }
}
