// How PDF → TXT shares a PDF's pages among threads (docs/decisions/061-pdf-text-pool.md), the same in
// the CLI (cli/pdf-text-pool.ts) and the browser (app/tools/document/pdf-text-helpers.ts).

/**
 * Pages the reading thread gets through while a helper starts: a helper first loads pdf.js and
 * runs it cold (about 0.5 s of CPU on the 2-core machine), where a page costs the reading thread,
 * warm, about 4 ms. The reading thread takes this many pages more than each helper, so they end together.
 */
export const BOOT_PAGES = 150;
/** The fewest pages worth a helper (fewer cost more than they save). */
export const MIN_HELPER_PAGES = 75;
/** The most threads, the reading thread included. */
export const MAX_THREADS = 4;
/** Pages from which one helper joins in (two threads): 99- and 171-page PDFs measured slower with one, a 401-page one faster (decision 061). */
export const MIN_PARALLEL_PAGES = BOOT_PAGES + 2 * MIN_HELPER_PAGES;

export interface SplitOptions {
  bootPages?: number;
  minHelperPages?: number;
}

/**
 * The helpers' page ranges [first, last] for a PDF of `pageCount` pages read by `threads` threads:
 * the last pages, equal shares, the reading thread `bootPages` more; [] when a helper's share would
 * be under `minHelperPages`. CONVERT_THREADS and the tests pass 0 and 1 to split any PDF.
 */
export function splitPages(pageCount: number, threads: number, options: SplitOptions = {}): [number, number][] {
  const { bootPages = BOOT_PAGES, minHelperPages = MIN_HELPER_PAGES } = options;
  if (threads < 2) return [];
  const helpers = Math.min(threads - 1, pageCount - 1);
  const each = Math.floor((pageCount - bootPages) / (helpers + 1));
  if (helpers < 1 || each < Math.max(1, minHelperPages)) return [];
  const ranges: [number, number][] = [];
  let last = pageCount;
  for (let h = 0; h < helpers; h++) {
    ranges.unshift([last - each + 1, last]);
    last -= each;
  }
  return ranges;
}
