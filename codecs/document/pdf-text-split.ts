// How PDF → TXT shares a PDF's pages among threads (docs/decisions/061-pdf-text-pool.md), the same in
// the CLI (cli/pdf-text-pool.ts) and the browser (app/tools/document/pdf-text-helpers.ts).

/** Pages from which helper threads join in (measured: decision 061). */
export const MIN_PARALLEL_PAGES = 24;
/** The most threads, the reading thread included. */
export const MAX_THREADS = 4;
/**
 * The reading thread's share of the pages is larger than a helper's: a helper first loads pdf.js
 * (its module and cold JIT), which the reading thread has done by the time it knows the page count.
 */
export const OWN_SHARE = 1.5;

/** The helpers' page ranges [first, last] for a PDF of `pageCount` pages read by `threads` threads: the last pages, the reading thread's share OWN_SHARE times a helper's. */
export function splitPages(pageCount: number, threads: number, minPages = MIN_PARALLEL_PAGES): [number, number][] {
  if (threads < 2 || pageCount < Math.max(2, minPages)) return [];
  const helpers = Math.min(threads - 1, pageCount - 1);
  const each = Math.max(1, Math.floor(pageCount / (helpers + OWN_SHARE)));
  const ranges: [number, number][] = [];
  let last = pageCount;
  for (let h = 0; h < helpers; h++) {
    ranges.unshift([last - each + 1, last]);
    last -= each;
  }
  return ranges;
}
