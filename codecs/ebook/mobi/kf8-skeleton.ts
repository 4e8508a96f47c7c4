// KF8 stores each chapter as a skeleton (the document with its big elements' tags but without their
// content) followed by fragments ("chunks") of about CHUNK_SIZE bytes that a reader inserts back into
// it at recorded positions. This module cuts one prepared chapter that way: children that fit go
// into fragments whole (neighbours merged up to the size); an element too big to fit, if it has an
// aid, keeps its tags in the skeleton and its children are cut the same way; text longer than the
// size is split, its later pieces wrapped in <span class="AmznBigTextBlock"> as kindlegen does.
// Positions are UTF-8 byte offsets in the rebuilt document (skeleton with earlier fragments put back).
import { serialize, type Kf8Node } from "./kf8-markup.ts";
import { prefixWithin, utf8Length } from "./kf8-text.ts";

/** kindlegen's target fragment size. */
export const CHUNK_SIZE = 8192;

export interface Fragment {
  /** where it goes, as an offset in the whole rebuilt text flow */
  insertPos: number;
  /** the element it goes into (P-) or after (S-), as an XPath on aids */
  selector: string;
  fileNumber: number;
  /** its number among all the book's fragments */
  sequence: number;
  /** its offset after the file's skeleton in the stored text */
  startPos: number;
  length: number;
  text: string;
}

export interface SkeletonFile {
  fileNumber: number;
  /** where the file starts in the text flow */
  startPos: number;
  /** the skeleton's length in bytes */
  length: number;
  text: string;
  fragments: Fragment[];
  /** id → its element's offset in the text flow */
  anchors: Map<string, number>;
  /** the offset of the file's first fragment, where links to the chapter's start lead */
  firstFragmentPos: number;
}

interface OpenFragment {
  parts: string[];
  bytes: number;
  selector: string;
  insertPos: number;
}

class FileCutter {
  readonly skeletonParts: string[] = [];
  skeletonBytes = 0;
  chunkBytes = 0;
  /** bytes of the fragments closed so far */
  private storedBytes = 0;
  readonly fragments: Fragment[] = [];
  readonly anchors = new Map<string, number>();
  private open: OpenFragment | null = null;
  private readonly fileNumber: number;
  private readonly flowStart: number;
  private sequence: number;

  constructor(fileNumber: number, flowStart: number, firstSequence: number) {
    this.fileNumber = fileNumber;
    this.flowStart = flowStart;
    this.sequence = firstSequence;
  }

  /** the offset in the rebuilt file where the next markup goes */
  get position(): number {
    return this.skeletonBytes + this.chunkBytes;
  }

  skeleton(text: string): void {
    this.close();
    this.skeletonParts.push(text);
    this.skeletonBytes += utf8Length(text);
  }

  content(parts: string[], bytes: number, selector: string): void {
    if (this.open !== null && this.open.bytes > 0 && this.open.bytes + bytes > CHUNK_SIZE) this.close();
    this.open ??= { parts: [], bytes: 0, selector, insertPos: this.position };
    // one string per call: spreading a huge element's parts could overflow the call stack
    this.open.parts.push(parts.length === 1 ? parts[0]! : parts.join(""));
    this.open.bytes += bytes;
    this.chunkBytes += bytes;
  }

  anchor(id: string, offsetInFile: number): void {
    if (!this.anchors.has(id)) this.anchors.set(id, this.flowStart + offsetInFile);
  }

  close(): void {
    const open = this.open;
    if (open === null) return;
    this.open = null;
    const startPos = this.storedBytes;
    this.storedBytes += open.bytes;
    this.fragments.push({
      insertPos: this.flowStart + open.insertPos,
      selector: open.selector,
      fileNumber: this.fileNumber,
      sequence: this.sequence++,
      startPos,
      length: open.bytes,
      text: open.parts.join(""),
    });
  }
}

const selectorOf = (kind: "P" | "S", aid: string) => `${kind}-//*[@aid='${aid}']`;

/**
 * Cuts one chapter. `head` is the document up to and including the <body> tag, `tail` what follows
 * the body's content; `flowStart` the file's offset in the text flow; `firstSequence` the number of
 * fragments of the files before it.
 */
export function cutFile(fileNumber: number, head: string, tail: string, bodyAid: string, nodes: readonly Kf8Node[], flowStart: number, firstSequence: number): SkeletonFile {
  const cutter = new FileCutter(fileNumber, flowStart, firstSequence);
  cutter.skeleton(head);
  stepInto(cutter, nodes, bodyAid);
  // every file has a fragment, so a link to its start has somewhere to point
  if (cutter.fragments.length === 0 && cutter.chunkBytes === 0) cutter.content([" "], 1, selectorOf("P", bodyAid));
  const firstFragmentPos = flowStart + cutter.skeletonBytes;
  cutter.skeleton(tail);
  const fragments = cutter.fragments;
  const skeletonText = cutter.skeletonParts.join("");
  return {
    fileNumber,
    startPos: flowStart,
    length: cutter.skeletonBytes,
    text: skeletonText,
    fragments,
    anchors: cutter.anchors,
    firstFragmentPos: fragments[0]?.insertPos ?? firstFragmentPos,
  };
}

function stepInto(cutter: FileCutter, nodes: readonly Kf8Node[], parentAid: string): void {
  let selector = selectorOf("P", parentAid);
  for (const node of nodes) {
    if (typeof node === "string") {
      addText(cutter, node, selector);
      continue;
    }
    if (node.size > CHUNK_SIZE && node.aid !== undefined && node.children.length > 0) {
      if (node.id !== undefined) cutter.anchor(node.id, cutter.position);
      cutter.skeleton(node.open);
      stepInto(cutter, node.children, node.aid);
      cutter.skeleton(node.close);
      selector = selectorOf("S", node.aid);
      continue;
    }
    const parts: string[] = [];
    const anchors: Array<[string, number]> = [];
    const bytes = serialize(node, parts, anchors, 0);
    // closing a full fragment moves nothing, so the element starts where the markup so far ends
    const start = cutter.position;
    cutter.content(parts, bytes, selector);
    for (const [id, offset] of anchors) cutter.anchor(id, start + offset);
  }
}

/** Text (already escaped) in pieces of at most CHUNK_SIZE bytes, never cutting an entity or a character. */
function addText(cutter: FileCutter, text: string, selector: string): void {
  if (utf8Length(text) <= CHUNK_SIZE) {
    cutter.content([text], utf8Length(text), selector);
    return;
  }
  let from = 0;
  let first = true;
  while (from < text.length) {
    let to = prefixWithin(text, from, CHUNK_SIZE);
    const amp = text.lastIndexOf("&", to - 1);
    if (amp > from && amp >= to - 8 && text.indexOf(";", amp) >= to) to = amp;
    const piece = text.slice(from, to);
    from = to;
    const markup = first ? piece : `<span class="AmznBigTextBlock">${piece}</span>`;
    cutter.content([markup], utf8Length(markup), selector);
    first = false;
  }
}
