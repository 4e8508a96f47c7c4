// The MOBI 6 NCX index (the Kindle's "Go to" table of contents) and the TBS bytes that tie each
// text record to the index entries it holds. Like Kindle tools for books (not periodicals), the
// entries are flat: one per distinct target offset, sorted by offset, each spanning to the next,
// with tags 1 offset, 2 length, 3 label (CNCX) and 4 depth, labelled by their number in hex.
import { CncxBuilder, writeIndex, type IndexEntry, type TagTable } from "./indx-write.ts";
import { ByteWriter, forwardVwi } from "./mobi-bytes.ts";
import type { Mobi6TocEntry } from "./mobi6-markup.ts";
import { TEXT_RECORD_SIZE } from "./text-records.ts";

const NCX_TAGS: TagTable = [
  { tag: 1, valuesPerEntry: 1, mask: 0b1 },
  { tag: 2, valuesPerEntry: 1, mask: 0b10 },
  { tag: 3, valuesPerEntry: 1, mask: 0b100 },
  { tag: 4, valuesPerEntry: 1, mask: 0b1000 },
  "end",
];

export interface NcxNode {
  index: number;
  offset: number;
  length: number;
  title: string;
}

/** The index nodes: one per distinct offset, sorted, each running to the next (the last to `bodyEnd`). */
export function ncxNodes(toc: readonly Mobi6TocEntry[], bodyEnd: number): NcxNode[] {
  const seen = new Set<number>();
  const unique = toc.filter((entry) => {
    if (seen.has(entry.offset) || entry.offset >= bodyEnd) return false;
    seen.add(entry.offset);
    return true;
  });
  unique.sort((a, b) => a.offset - b.offset);
  return unique.map((entry, index) => ({
    index,
    offset: entry.offset,
    length: (unique[index + 1]?.offset ?? bodyEnd) - entry.offset,
    title: entry.title,
  }));
}

/** The label of node `index`: its number in upper-case hex, an even number of digits. */
const label = (index: number) => {
  const hex = index.toString(16).toUpperCase();
  return hex.length % 2 === 0 ? hex : `0${hex}`;
};

/** The NCX index records (header, entries, CNCX), or none when there is nothing to list. */
export function ncxIndexRecords(nodes: readonly NcxNode[]): Uint8Array[] {
  if (nodes.length === 0) return [];
  const cncx = new CncxBuilder();
  const entries: IndexEntry[] = nodes.map((node) => ({
    label: label(node.index),
    tags: new Map([
      [1, [node.offset]],
      [2, [node.length]],
      [3, [cncx.add(node.title)]],
      [4, [0]],
    ]),
  }));
  return writeIndex(NCX_TAGS, entries, cncx.records());
}

/** A TBS value: the node number shifted over 3 flag bits, then the extra values the flags announce. */
function tbs(node: number, flags: { count?: number; spans?: boolean }): Uint8Array {
  const bits = 0b010 | (flags.count !== undefined ? 0b100 : 0) | (flags.spans ? 0b001 : 0);
  const out = new ByteWriter(8).bytesOf(forwardVwi(node * 8 + bits)).bytesOf(forwardVwi(0));
  if (flags.count !== undefined) out.u8(Math.min(255, flags.count));
  if (flags.spans) out.bytesOf(forwardVwi(0));
  return out.result();
}

/**
 * The TBS bytes of every text record: which index nodes start, end or lie inside it, or the one
 * node it lies wholly inside. Empty for records no node touches.
 */
export function tbsPerRecord(nodes: readonly NcxNode[], recordCount: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let first = 0; // nodes before this end before the current record
  for (let record = 0; record < recordCount; record++) {
    const start = record * TEXT_RECORD_SIZE;
    const end = start + TEXT_RECORD_SIZE;
    while (first < nodes.length && nodes[first]!.offset + nodes[first]!.length <= start) first++;
    const touching: NcxNode[] = [];
    let spanning: NcxNode | undefined;
    let starts = 0;
    let ends = 0;
    let completes = 0;
    for (let i = first; i < nodes.length; i++) {
      const node = nodes[i]!;
      if (node.offset >= end) break;
      const nodeEnd = node.offset + node.length;
      if (node.offset >= start) {
        if (nodeEnd <= end) completes++;
        else starts++;
        touching.push(node);
      } else if (nodeEnd <= end) {
        ends++;
        touching.push(node);
      } else {
        spanning = node;
      }
    }
    if (spanning !== undefined && touching.length === 0) out.push(tbs(spanning.index, { spans: true }));
    else if (touching.length === 0) out.push(new Uint8Array(0));
    else if (completes === 0 && ((starts === 1 && ends === 0) || (ends === 1 && starts === 0))) out.push(tbs(touching[0]!.index, {}));
    else out.push(tbs(touching[0]!.index, { count: touching.length }));
  }
  return out;
}
