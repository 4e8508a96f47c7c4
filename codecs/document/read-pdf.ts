// PDF → plain text and PDF → document model (issue 15). pdf.js gives each page's positioned text
// items (and, for the model, the fonts' names and the painted pictures); pdf-layout.ts turns them
// into paragraphs, headings, lists and tables in reading order. The caller brings the pdf.js
// platform (pdfjs-node.ts in Node, the worker's own in the browser).
import type { PDFDocumentProxy, PDFPageProxy, TextItem } from "pdfjs-dist/types/src/display/api";
import { DocumentError } from "./document-error.ts";
import type { Block, DocModel, PageSetup, Paragraph } from "./model.ts";
import { DEFAULT_PAGE, runsText } from "./model.ts";
import { annotationItems } from "./pdf-annotation-text.ts";
import { pageFurniture } from "./pdf-furniture.ts";
import { applyLinks, type LinkArea } from "./pdf-links.ts";
import { imageStore, MAX_IMAGE_PIXELS, MAX_IMAGES, MAX_TOTAL_IMAGE_PIXELS, PDF_OPS_USED, pageImages, type PdfOps, type PlacedImage } from "./pdf-images.ts";
import type { Rule } from "./pdf-rulings.ts";
import { documentStyle, fontStyle, layoutPage, placeBetween, type LayoutItem, type PlacedBlock } from "./pdf-layout.ts";
import { maxOf, minOf, normalizeRuns } from "./pdf-lines.ts";
import { closePdf, openPdf, type PdfjsPlatform } from "./pdfjs.ts";
import { writeTxt } from "./write-txt.ts";

/** More pages than this is more than a visitor's browser tab should chew through. */
export const MAX_PDF_PAGES = 3000;
/** Text items (pieces of text pdf.js reports) over the whole document. */
export const MAX_PDF_TEXT_ITEMS = 1_000_000;
/** Text items on one page: far beyond a dense page of small print (pdf.js joins a line's words into one). */
export const MAX_PAGE_TEXT_ITEMS = 30_000;

export interface ReadPdfOptions {
  password?: string;
  /** the share of pages read, 0 to 1 */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /** other threads that read some of the pages for readPdfText (a pool of workers); none: all here */
  helpers?: PdfPageHelpers;
}

/** One page's text items as they cross threads: plain data, the same wherever the page was read. */
export interface PageItems {
  items: LayoutItem[];
  /** the page's top and bottom edge in its reading frame */
  top: number;
  bottom: number;
}

/**
 * Other threads (workers) that read ranges of a PDF's pages for readPdfText, each opening its own
 * copy of the bytes: the text is byte for byte what one thread reads (docs/decisions/061-pdf-text-pool.md).
 */
export interface PdfPageHelpers {
  /** the page ranges [first, last] (1-based, the document's last pages) the helpers take from a PDF of `pageCount` pages; [] when it does not pay */
  split(pageCount: number): [number, number][];
  /** reads pages first..last of `bytes` (its own copy) on another thread: readPageRange's result */
  read(bytes: Uint8Array, first: number, last: number, options: { password?: string; signal: AbortSignal }): Promise<PageItems[]>;
}

/** One page's text items in the frame its text reads in (rotated pages turned upright). */
interface PageText {
  items: LayoutItem[];
  rotate: (x: number, y: number) => [number, number];
  /** the page's top and bottom edge in that frame */
  top: number;
  bottom: number;
}

const isTextItem = (item: object): item is TextItem => "str" in item && "transform" in item;

/** The angle most of the page's text runs at, to read a turned page upright. */
function textAngle(items: readonly TextItem[]): number {
  const weight = new Map<number, number>();
  for (const item of items) {
    const angle = Math.round((Math.atan2(item.transform[1]!, item.transform[0]!) * 180) / Math.PI);
    weight.set(angle, (weight.get(angle) ?? 0) + item.str.length);
  }
  let best = 0;
  let bestWeight = 0;
  for (const [angle, w] of weight) if (w > bestWeight) [best, bestWeight] = [angle, w];
  return (best * Math.PI) / 180;
}

type FontLookup = (fontName: string) => { bold: boolean; italic: boolean; mono: boolean };

async function pageText(page: PDFPageProxy): Promise<PageText> {
  const content = await page.getTextContent();
  const raw = content.items.filter(isTextItem).filter((item) => item.str.trim() !== "");
  const angle = textAngle(raw);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const rotate = (x: number, y: number): [number, number] => [x * cos + y * sin, -x * sin + y * cos];
  const items = raw.map((item): LayoutItem => {
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    const [x, y] = rotate(e, f);
    const size = Math.hypot(c, d) || Math.hypot(a, b);
    return { text: item.str, x, y, width: item.width, size, font: item.fontName, bold: false, italic: false, ...(item.dir === "rtl" ? { rtl: true } : {}) };
  });
  // what the page's form fields and comment boxes show (pdftotext prints it too)
  items.push(...annotationItems(await page.getAnnotations().catch(() => []), rotate));
  const [x0, y0, x1, y1] = page.view as [number, number, number, number];
  const edges = [rotate(x0, y0), rotate(x1, y0), rotate(x0, y1), rotate(x1, y1)].map(([, y]) => y);
  return { items, rotate, top: maxOf(edges), bottom: minOf(edges) };
}

function tooMuch(what: string): DocumentError {
  return new DocumentError(`This PDF has ${what}, more than this converter handles in a browser. Split it into smaller files and convert them one by one.`, "too-much-work");
}

function noText(): DocumentError {
  return new DocumentError(
    "This PDF has no text to take out: its pages are pictures, as in a scan. Convert it to JPG or PNG to keep the pages as pictures, or run it through text recognition (OCR) first.",
    "no-text",
  );
}

interface ReadPages {
  doc: PDFDocumentProxy;
  texts: PageText[];
  images: PlacedImage[][];
  /** each page's straight strokes (table borders), for the model */
  rules: Rule[][];
  skipped: { tooLarge: number; unreadable: number; overBudget: number; overLimit: number };
}

/** Opens the PDF for reading (nothing is drawn); `fonts`: keep the fonts' names (the model's bold and italic). */
function openForReading(platform: PdfjsPlatform, bytes: Uint8Array, password: string | undefined, fonts: boolean): Promise<PDFDocumentProxy> {
  return openPdf(
    // raw pixels rather than ImageBitmaps (none in Node), the fonts' names for bold and italic, no
    // font faces installed (nothing is drawn), and no picture over our limit decoded at all
    {
      ...platform,
      extra: {
        ...platform.extra,
        isOffscreenCanvasSupported: false,
        isImageDecoderSupported: false,
        fontExtraProperties: fonts,
        disableFontFace: true,
        maxImageSize: MAX_IMAGE_PIXELS,
      },
    },
    bytes,
    { password },
  );
}

/** Pages first..last (1-based) of an open PDF as text items, `onPage` after each; stops early past the document's limit. */
async function readPageItems(doc: PDFDocumentProxy, first: number, last: number, signal: AbortSignal | undefined, onPage: () => void): Promise<PageItems[]> {
  const pages: PageItems[] = [];
  let itemCount = 0;
  for (let n = first; n <= last; n++) {
    signal?.throwIfAborted();
    const page = await doc.getPage(n);
    const { items, top, bottom } = await pageText(page);
    if (items.length > MAX_PAGE_TEXT_ITEMS) throw tooMuch(`${items.length.toLocaleString("en")} pieces of text on page ${n}`);
    itemCount += items.length;
    if (itemCount > MAX_PDF_TEXT_ITEMS) throw tooMuch(`over ${MAX_PDF_TEXT_ITEMS.toLocaleString("en")} pieces of text`);
    pages.push({ items, top, bottom });
    page.cleanup();
    onPage();
  }
  return pages;
}

/**
 * A helper thread's share of readPdfText: pages first..last of the PDF, opened from `bytes` (which
 * pdf.js takes over). Throws as readPdfText does (DocumentError for the visitor).
 */
export async function readPageRange(platform: PdfjsPlatform, bytes: Uint8Array, first: number, last: number, options: { password?: string; signal?: AbortSignal } = {}): Promise<PageItems[]> {
  options.signal?.throwIfAborted();
  const doc = await openForReading(platform, bytes, options.password, false);
  try {
    return await readPageItems(doc, first, Math.min(last, doc.numPages), options.signal, () => {});
  } finally {
    await closePdf(doc);
  }
}

/** Every page's text items for readPdfText: pages 1..k here, the rest on the helpers' threads when they take some. */
async function readTextPages(platform: PdfjsPlatform, bytes: Uint8Array, options: ReadPdfOptions): Promise<PageItems[]> {
  options.signal?.throwIfAborted();
  const { helpers } = options;
  // pdf.js may take over `bytes`: the helpers' copy is made first
  const spare = helpers ? bytes.slice() : undefined;
  const doc = await openForReading(platform, bytes, options.password, false);
  try {
    const count = doc.numPages;
    if (count > MAX_PDF_PAGES) throw tooMuch(`${count} pages`);
    const ranges = helpers && spare ? helpers.split(count).filter(([first, last]) => first >= 2 && first <= last && last <= count) : [];
    const ownLast = ranges.length > 0 ? minOf(ranges.map(([first]) => first)) - 1 : count;
    let read = 0;
    const progress = () => options.onProgress?.(++read / count);
    // the first failure (or the caller's abort) stops every thread
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    const others = ranges.map(([first, last]) =>
      helpers!.read(spare!, first, last, { password: options.password, signal }).then((pages) => {
        for (let n = first; n <= last; n++) progress();
        return pages;
      }),
    );
    const own = readPageItems(doc, 1, ownLast, signal, progress);
    try {
      const parts = await Promise.all([own, ...others]);
      return parts.flat();
    } catch (error) {
      stop.abort();
      await Promise.allSettled([own, ...others]);
      throw error;
    }
  } finally {
    await closePdf(doc);
  }
}

/** Opens the PDF and reads every page's text (and, when `ops` is given, fonts and pictures). */
async function readPages(platform: PdfjsPlatform, bytes: Uint8Array, options: ReadPdfOptions, ops: PdfOps | undefined): Promise<ReadPages> {
  options.signal?.throwIfAborted();
  const doc = await openForReading(platform, bytes, options.password, ops !== undefined);
  const read: ReadPages = { doc, texts: [], images: [], rules: [], skipped: { tooLarge: 0, unreadable: 0, overBudget: 0, overLimit: 0 } };
  try {
    if (doc.numPages > MAX_PDF_PAGES) throw tooMuch(`${doc.numPages} pages`);
    const store = imageStore();
    let itemCount = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      options.signal?.throwIfAborted();
      const page = await doc.getPage(n);
      const text = await pageText(page);
      if (text.items.length > MAX_PAGE_TEXT_ITEMS) throw tooMuch(`${text.items.length.toLocaleString("en")} pieces of text on page ${n}`);
      let placed: PlacedImage[] = [];
      let rules: Rule[] = [];
      if (ops) {
        const found = await pageImages(page, ops, text.rotate, store);
        read.skipped.tooLarge += found.skipped.tooLarge;
        read.skipped.unreadable += found.skipped.unreadable;
        read.skipped.overBudget += found.skipped.overBudget;
        read.skipped.overLimit += found.skipped.overCount;
        placed = found.images;
        rules = found.rules;
        // the operator list has loaded the page's fonts into commonObjs, where their names are
        const fonts = fontLookup(page);
        text.items = applyLinks(
          text.items.map((item) => ({ ...item, ...fonts(item.font) })),
          await pageLinks(page, text.rotate),
        );
      }
      itemCount += text.items.length;
      if (itemCount > MAX_PDF_TEXT_ITEMS) throw tooMuch(`over ${MAX_PDF_TEXT_ITEMS.toLocaleString("en")} pieces of text`);
      read.texts.push(text);
      read.images.push(placed);
      read.rules.push(rules);
      page.cleanup();
      options.onProgress?.(n / doc.numPages);
    }
    if (read.texts.every((page) => page.items.length === 0)) throw noText();
    return read;
  } catch (error) {
    await closePdf(doc);
    throw error;
  }
}

interface LinkAnnotation {
  subtype: "Link";
  url: string;
  rect: [number, number, number, number];
}

const isWebLink = (value: unknown): value is LinkAnnotation => {
  const a = value as Partial<LinkAnnotation> | null;
  return a?.subtype === "Link" && typeof a.url === "string" && /^(?:https?|mailto):/i.test(a.url) && Array.isArray(a.rect) && a.rect.length === 4;
};

/** The page's links to web pages and mail addresses (links within the document are not kept). */
async function pageLinks(page: PDFPageProxy, rotate: (x: number, y: number) => [number, number]): Promise<LinkArea[]> {
  const annotations: unknown[] = await page.getAnnotations().catch(() => []);
  return annotations.filter(isWebLink).map(({ url, rect: [x0, y0, x1, y1] }) => {
    const corners = [rotate(x0, y0), rotate(x1, y1)];
    return { x0: minOf(corners.map(([x]) => x)), x1: maxOf(corners.map(([x]) => x)), y0: minOf(corners.map(([, y]) => y)), y1: maxOf(corners.map(([, y]) => y)), href: url };
  });
}

interface FontInfo {
  name?: unknown;
  bold?: unknown;
  italic?: unknown;
}

function fontLookup(page: PDFPageProxy): FontLookup {
  const known = new Map<string, { bold: boolean; italic: boolean; mono: boolean }>();
  return (fontName) => {
    let style = known.get(fontName);
    if (!style) {
      const font = (page.commonObjs.has(fontName) ? page.commonObjs.get(fontName) : undefined) as FontInfo | undefined;
      const byName = typeof font?.name === "string" ? fontStyle(font.name) : { bold: false, italic: false, mono: false };
      style = { bold: byName.bold || font?.bold === true, italic: byName.italic || font?.italic === true, mono: byName.mono };
      known.set(fontName, style);
    }
    return style;
  };
}

/**
 * The PDF's text in reading order: paragraphs separated by a blank line, pages by "\f" (as
 * pdftotext), each page written as writeTxt writes a model. Only the text layer is read (no
 * operator list, so no fonts' names or borders: tables come from aligned text alone). `bytes` go
 * to pdf.js, which may detach them: pass a copy to keep them. Throws DocumentError "no-text" for a
 * scan, "password-required"/"wrong-password", "damaged" and "too-much-work".
 */
export async function readPdfText(platform: PdfjsPlatform, bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<string> {
  const texts = await readTextPages(platform, bytes, options);
  const itemCount = texts.reduce((sum, page) => sum + page.items.length, 0);
  if (itemCount > MAX_PDF_TEXT_ITEMS) throw tooMuch(`over ${MAX_PDF_TEXT_ITEMS.toLocaleString("en")} pieces of text`);
  if (texts.every((page) => page.items.length === 0)) throw noText();
  const style = documentStyle(texts.map((page) => page.items));
  // each page as the TXT writer writes a model (lists with markers, tables as aligned columns)
  return texts.map((page) => writeTxt({ blocks: layoutPage(page.items, style).map((placed) => placed.block) }) || "\n").join("\f");
}

/** The page's blocks with its pictures put in among them by position. */
function withImages(blocks: PlacedBlock[], images: PlacedImage[]): Block[] {
  return placeBetween(blocks, images.map((image) => ({ block: image.block, top: image.top, x0: image.x0, x1: image.x1 }))).map((placed) => placed.block);
}

const endsSentence = (text: string): boolean => /[.!?:;"”’)\]]\s*$/.test(text);

/**
 * Joins what a page break cut in two: a paragraph (the next page's first words in lower case) or a
 * list (the next page starting with items of the same kind).
 */
function joinAcrossPages(pages: Block[][]): Block[] {
  const out: Block[] = [];
  for (const page of pages) {
    const last = out.at(-1);
    const first = page[0];
    if (last?.kind === "paragraph" && first?.kind === "paragraph" && !endsSentence(runsText(last.runs)) && /^\p{Ll}/u.test(runsText(first.runs))) {
      const runs = [...last.runs];
      const tail = runs.at(-1)!;
      runs[runs.length - 1] = /\p{L}-$/u.test(tail.text) ? { ...tail, text: tail.text.slice(0, -1) } : { ...tail, text: tail.text + " " };
      out[out.length - 1] = { kind: "paragraph", runs: normalizeRuns([...runs, ...first.runs]) } satisfies Paragraph;
      out.push(...page.slice(1));
    } else if (last?.kind === "list" && first?.kind === "list" && last.ordered === first.ordered && !first.ordered) {
      out[out.length - 1] = { ...last, items: [...last.items, ...first.items] };
      out.push(...page.slice(1));
    } else {
      out.push(...page);
    }
  }
  return out;
}

/** A margin within reason: at least a quarter inch, at most a quarter of the page. */
const clampMargin = (value: number, side: number): number => Math.round(Math.min(side / 4, Math.max(18, value)) * 100) / 100;

/** Page 1's size, and margins from where the text of every page sits (one short page says little). */
function pageSetup(page: PDFPageProxy, items: readonly LayoutItem[]): PageSetup {
  const [x0, y0, x1, y1] = page.view as [number, number, number, number];
  const turned = page.rotate % 180 !== 0;
  const [widthPt, heightPt] = turned ? [y1 - y0, x1 - x0] : [x1 - x0, y1 - y0];
  if (items.length === 0 || turned) return { widthPt, heightPt, marginsPt: DEFAULT_PAGE.marginsPt };
  const left = minOf(items.map((item) => item.x)) - x0;
  const right = x1 - maxOf(items.map((item) => item.x + item.width));
  const top = y1 - maxOf(items.map((item) => item.y + item.size));
  const bottom = minOf(items.map((item) => item.y)) - y0;
  return { widthPt, heightPt, marginsPt: [clampMargin(top, heightPt), clampMargin(right, widthPt), clampMargin(bottom, heightPt), clampMargin(left, widthPt)] };
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

async function metadata(doc: PDFDocumentProxy): Promise<Pick<DocModel, "title" | "author" | "language">> {
  const { info, metadata: xmp } = await doc.getMetadata().catch(() => ({ info: {}, metadata: null }));
  const fields = info as Record<string, unknown>;
  const title = text(fields.Title) ?? text(xmp?.get("dc:title"));
  const author = text(fields.Author) ?? text(xmp?.get("dc:creator"));
  const language = text(fields.Language);
  return { ...(title ? { title } : {}), ...(author ? { author } : {}), ...(language && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(language) ? { language } : {}) };
}

function pdfOps(platform: PdfjsPlatform): PdfOps {
  const ops = (platform.pdfjs as { OPS?: Partial<Record<keyof PdfOps, number>> }).OPS;
  if (!ops || PDF_OPS_USED.some((name) => typeof ops[name] !== "number")) throw new Error("The pdf.js module given has no OPS table");
  return ops as PdfOps;
}

/**
 * The PDF as a document model: headings, paragraphs with bold, italic and links, lists, tables
 * and pictures in reading order, running headers and footers left out. No page breaks: the text
 * flows as it does in Word, where the PDF's page ends would fall in the middle of Word's pages (a
 * paragraph or list cut by a page end is joined again). Same errors as readPdfText.
 */
export async function readPdfModel(platform: PdfjsPlatform, bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<DocModel> {
  const { doc, texts, images, rules, skipped } = await readPages(platform, bytes, options, pdfOps(platform));
  try {
    // running headers, footers and page numbers would break paragraphs that run across pages
    const furniture = pageFurniture(texts);
    const bodies = texts.map((page) => page.items.filter((item) => !furniture.has(item)));
    const style = documentStyle(bodies);
    const pages = bodies.map((items, n) => withImages(layoutPage(items, style, rules[n]), images[n]!));
    const blocks = joinAcrossPages(pages);
    const notes = [
      "Fonts, colours and exact positions are not kept: the text flows in the document's own paragraphs.",
      "Page breaks are not kept: the text runs on from page to page.",
      furniture.size > 0
        ? "Running headers, footers and page numbers are left out."
        : "Headers and footers that differ from page to page, if any, are read as ordinary paragraphs.",
      "Links to places inside the PDF and comments in pop-up notes are not kept; what form fields show is kept as text.",
    ];
    if (blocks.some((block) => block.kind === "table")) notes.push("Tables are rebuilt from their borders or from how their text lines up: border styles, shading and cells merged across rows are not kept.");
    if (skipped.tooLarge > 0) notes.push(`${skipped.tooLarge} very large picture(s) were left out.`);
    if (skipped.unreadable > 0) notes.push(`${skipped.unreadable} picture(s) in a form this converter cannot read were left out.`);
    if (skipped.overBudget > 0) notes.push(`${skipped.overBudget} picture(s) were left out: the pictures kept already add up to ${MAX_TOTAL_IMAGE_PIXELS / 1_000_000} megapixels.`);
    if (skipped.overLimit > 0) notes.push(`Only the first ${MAX_IMAGES} pictures are kept; ${skipped.overLimit} more were left out.`);
    const first = await doc.getPage(1);
    return { ...(await metadata(doc)), page: pageSetup(first, texts.flatMap((page) => page.items)), blocks, notes };
  } finally {
    await closePdf(doc);
  }
}
