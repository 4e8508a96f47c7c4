// KF8 (AZW3) text → its XHTML files. The text stream is cut into flows by the FDST record: flow 0 is
// the XHTML, the others stylesheets and SVG. Flow 0 stores each file as a skeleton (the outer markup)
// followed by its fragments; the skeleton index says where each skeleton starts and how many
// fragments it has, the fragment index where each fragment goes in it. Positions (skeleton starts,
// insert positions, kindle:pos links) count bytes of the stream, so the work is done on a Latin-1
// string (one character a byte) and decoded as UTF-8 only at the end.
import { EbookError } from "../ebook-error.ts";
import { MAX_CHAPTERS } from "../read-epub.ts";
import { readIndex } from "./indx-read.ts";
import { NULL_INDEX, type MobiHeader } from "./mobi-header-read.ts";

export interface Kf8File {
  /** the file's markup as bytes-in-a-string (Latin-1) */
  text: string;
  /** its span in flow 0, in assembled positions */
  start: number;
  end: number;
}

export interface Kf8Fragment {
  insertPosition: number;
  length: number;
}

export interface Kf8Parts {
  files: Kf8File[];
  fragments: Kf8Fragment[];
  /** flows after the first (stylesheets, SVG), bytes-in-a-string */
  flows: string[];
}

function damaged(why: string): EbookError {
  return new EbookError(`This AZW3 book cannot be read: ${why}.`, "damaged");
}

function readFlows(records: Uint8Array[], base: number, header: MobiHeader, text: string): string[] {
  if (header.fdstIndex === NULL_INDEX || header.fdstCount <= 1) return [text];
  const record = records[base + header.fdstIndex];
  if (record === undefined || String.fromCharCode(...record.subarray(0, 4)) !== "FDST") throw damaged("its flow table (FDST) is missing");
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  const tableAt = view.getUint32(4);
  const count = view.getUint32(8);
  if (count > 10_000 || tableAt + count * 8 > record.length) throw damaged("its flow table (FDST) is cut short");
  const flows: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(tableAt + i * 8);
    const end = view.getUint32(tableAt + i * 8 + 4);
    if (start > end || end > text.length) throw damaged(`flow ${i} lies outside the text`);
    flows.push(text.slice(start, end));
  }
  return flows;
}

export function reassembleKf8(records: Uint8Array[], base: number, header: MobiHeader, text: string): Kf8Parts {
  const flows = readFlows(records, base, header, text);
  const markup = flows[0] ?? "";
  if (header.skeletonIndex === NULL_INDEX || header.fragmentIndex === NULL_INDEX) throw damaged("it has no skeleton or fragment index");
  const skeletons = readIndex(records, base + header.skeletonIndex, "utf-8").entries;
  const fragments = readIndex(records, base + header.fragmentIndex, "utf-8").entries.map((entry): Kf8Fragment => {
    const span = entry.tags.get(6);
    const insertPosition = Number(entry.name);
    if (!Number.isSafeInteger(insertPosition) || span === undefined || span.length < 2) throw damaged("a fragment entry is malformed");
    return { insertPosition, length: span[1]! };
  });
  if (skeletons.length > MAX_CHAPTERS) throw new EbookError(`This book has ${skeletons.length} files; no real book has more than ${MAX_CHAPTERS}.`, "too-large");

  const files: Kf8File[] = [];
  let next = 0;
  for (const skeleton of skeletons) {
    const count = skeleton.tags.get(1)?.[0] ?? 0;
    const span = skeleton.tags.get(6);
    if (span === undefined || span.length < 2) throw damaged(`the skeleton "${skeleton.name}" has no position`);
    const [start, length] = [span[0]!, span[1]!];
    if (start + length > markup.length) throw damaged(`the skeleton "${skeleton.name}" lies outside the text`);
    if (next + count > fragments.length) throw damaged(`the skeleton "${skeleton.name}" claims more fragments than the index holds`);
    let file = markup.slice(start, start + length);
    let at = start + length;
    for (let k = 0; k < count; k++, next++) {
      const fragment = fragments[next]!;
      if (at + fragment.length > markup.length) throw damaged("a fragment lies outside the text");
      const piece = markup.slice(at, at + fragment.length);
      const insert = fragment.insertPosition - start;
      if (insert < 0 || insert > file.length) throw damaged("a fragment's insert position lies outside its skeleton");
      file = file.slice(0, insert) + piece + file.slice(insert);
      at += fragment.length;
    }
    files.push({ text: file, start, end: at });
  }
  return { files, fragments, flows: flows.slice(1) };
}

/** A tag that can be linked to: its start in the file and its id (or name), else Amazon's aid. */
interface AnchorTag {
  start: number;
  id?: string;
  aid?: string;
}

/** Per file, its linkable tags in order; built once, searched by halving. */
export class Kf8Positions {
  private readonly parts: Kf8Parts;
  private readonly order: number[];
  private readonly anchors: AnchorTag[][] = [];
  constructor(parts: Kf8Parts) {
    this.parts = parts;
    // files by start, for the file holding a position (hostile tables need not be in order)
    this.order = parts.files.map((_, i) => i).toSorted((a, b) => parts.files[a]!.start - parts.files[b]!.start);
    for (const file of parts.files) {
      const list: AnchorTag[] = [];
      for (const m of file.text.matchAll(/<[a-zA-Z][^<>]*>/g)) {
        const tag = m[0];
        const id = /\s(?:id|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
        const aid = id === undefined ? /\said\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1] : undefined;
        if (id !== undefined) list.push({ start: m.index, id });
        else if (aid !== undefined) list.push({ start: m.index, aid });
      }
      this.anchors.push(list);
    }
  }

  /**
   * The file and anchor a kindle:pos:fid link (or an NCX entry) points at: the position is the
   * fragment's insert position plus the offset; the anchor the nearest id (or name, or aid) at or
   * before it, as a reader scrolling there would see.
   */
  resolve(fragment: number, offset: number): { file: number; id?: string; aid?: string } | undefined {
    const entry = this.parts.fragments[fragment];
    if (entry === undefined) return undefined;
    const position = entry.insertPosition + offset;
    let low = 0;
    let high = this.order.length - 1;
    let file = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const candidate = this.parts.files[this.order[mid]!]!;
      if (candidate.start <= position) {
        if (position < candidate.end) file = this.order[mid]!;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (file < 0) return undefined;
    const text = this.parts.files[file]!.text;
    const at = position - this.parts.files[file]!.start;
    // inside a tag (or at its "<"): that tag counts
    const lt = text.lastIndexOf("<", at);
    const gt = text.lastIndexOf(">", at - 1);
    const limit = lt > gt ? lt : at - 1;
    const list = this.anchors[file]!;
    let lo = 0;
    let hi = list.length - 1;
    let found: AnchorTag | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.start <= limit) {
        found = list[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found === undefined) return { file };
    return found.id !== undefined ? { file, id: found.id } : { file, aid: found.aid! };
  }
}
