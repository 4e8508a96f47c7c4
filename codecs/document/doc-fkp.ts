import type { FcLcb } from "./doc-fib.ts";
import { damaged, slice, u8, u16, u32 } from "./doc-bytes.ts";
import { charProps, paraProps, type CharProps, type ParaProps } from "./doc-sprms.ts";

// Formatted disk pages ([MS-DOC] PlcBtePapx/PlcBteChpx, PapxFkp, ChpxFkp): 512-byte pages of
// the WordDocument stream that give the paragraph and character properties of byte ranges of the
// text. The bin tables in the table stream list the pages.

const PAGE = 512;

/** Properties for the text bytes [fcStart, fcEnd) of the WordDocument stream. */
export interface FcRun<T> {
  fcStart: number;
  fcEnd: number;
  props: T;
}

function pages(word: Uint8Array, table: Uint8Array, bte: FcLcb, what: string): Uint8Array[] {
  if (bte.lcb === 0) return [];
  if (bte.lcb < 4 || (bte.lcb - 4) % 8 !== 0 || bte.fc + bte.lcb > table.length) throw damaged(`its ${what} table is broken`);
  const count = (bte.lcb - 4) / 8;
  // more pages than the stream holds means pages listed again and again (a hostile file)
  if (count > word.length / PAGE) throw damaged(`its ${what} table lists ${count} pages`);
  const result: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const pn = u32(table, bte.fc + (count + 1) * 4 + i * 4, what) & 0x3fffff;
    result.push(slice(word, pn * PAGE, PAGE, `a ${what} page`));
  }
  return result;
}

/** The paragraph properties of the text's byte ranges, in file order. */
export function readParagraphRuns(word: Uint8Array, table: Uint8Array, bte: FcLcb): FcRun<ParaProps>[] {
  const runs: FcRun<ParaProps>[] = [];
  for (const page of pages(word, table, bte, "paragraph properties")) {
    const crun = page[PAGE - 1]!;
    for (let i = 0; i < crun; i++) {
      const fcStart = u32(page, i * 4, "a paragraph properties page");
      const fcEnd = u32(page, i * 4 + 4, "a paragraph properties page");
      // BxPap: one byte (the word offset of the PapxInFkp) and a 12-byte PHE
      const bOffset = u8(page, (crun + 1) * 4 + i * 13, "a paragraph properties page") * 2;
      let props = paraProps(0, new Uint8Array(0));
      if (bOffset !== 0) {
        let cb = u8(page, bOffset, "a paragraph properties page");
        let start = bOffset + 1;
        let length = cb * 2 - 1;
        if (cb === 0) {
          cb = u8(page, bOffset + 1, "a paragraph properties page");
          start = bOffset + 2;
          length = cb * 2;
        }
        const grpprlAndIstd = slice(page, start, length, "a paragraph's properties");
        if (grpprlAndIstd.length >= 2) props = paraProps(u16(grpprlAndIstd, 0, "a paragraph's style"), grpprlAndIstd.subarray(2));
      }
      runs.push({ fcStart, fcEnd, props });
    }
  }
  return runs;
}

/** The character properties of the text's byte ranges, in file order. */
export function readCharacterRuns(word: Uint8Array, table: Uint8Array, bte: FcLcb): FcRun<CharProps>[] {
  const runs: FcRun<CharProps>[] = [];
  for (const page of pages(word, table, bte, "character properties")) {
    const crun = page[PAGE - 1]!;
    for (let i = 0; i < crun; i++) {
      const fcStart = u32(page, i * 4, "a character properties page");
      const fcEnd = u32(page, i * 4 + 4, "a character properties page");
      const offset = u8(page, (crun + 1) * 4 + i, "a character properties page") * 2;
      let props: CharProps = {};
      if (offset !== 0) {
        const cb = u8(page, offset, "a character properties page");
        props = charProps(slice(page, offset + 1, cb, "a run's properties"));
      }
      runs.push({ fcStart, fcEnd, props });
    }
  }
  return runs;
}

/** A lookup of the run holding a byte offset (runs sorted by fcStart; the last hit is cached). */
export function runFinder<T>(runs: FcRun<T>[]): (fc: number) => T | undefined {
  const sorted = runs.toSorted((a, b) => a.fcStart - b.fcStart);
  let last: FcRun<T> | undefined;
  return (fc) => {
    if (last && fc >= last.fcStart && fc < last.fcEnd) return last.props;
    let low = 0;
    let high = sorted.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const run = sorted[mid]!;
      if (fc < run.fcStart) high = mid - 1;
      else if (fc >= run.fcEnd) low = mid + 1;
      else {
        last = run;
        return run.props;
      }
    }
    return undefined;
  };
}
