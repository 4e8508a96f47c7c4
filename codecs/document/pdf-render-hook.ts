// Where the PDF writer reaches into pdfmake 0.3.11 for what it cannot do itself: put each line's
// words in visual order (bidi, after pdfmake has broken the lines) and give the words of scripts
// whose shaping reorders or merges glyphs an /ActualText (so text extraction reads them in logical
// order, with the letters they are).
// pdfmake exports neither its layout nor its pdfkit document, so the hook goes in by the data it
// hands back: it sets `_inlines` (the words, each with its pdfkit font) on our own text nodes, and
// each font knows its pdfkit document. On that one document (not on any shared prototype) we wrap
// `addPage` (the renderer calls it first, with every laid-out page already in `_pdfMakePages`) and
// `text` and `addContent`, and on the pdfkit fonts of Arabic words, the glyph lookups that give
// their letters the right ToUnicode. Everything here reads pdfmake's data defensively: a shape it does not expect is left alone.
import { visualOrder } from "./pdf-bidi.ts";
import { needsActualText } from "./pdf-pieces.ts";

/** The parts of a pdfmake word ("inline") we read and move. */
interface Inline {
  text: string;
  x: number;
  width: number;
  leadingCut?: number;
  trailingCut?: number;
  justifyShift?: number;
  bidi?: number;
  bidiBase?: 0 | 1;
  alignment?: string;
  font?: PdfkitFont;
}

/** pdfkit's embedded font (what pdfmake puts on each word) and the fontkit font and subset in it. */
interface PdfkitFont {
  document?: unknown;
  font?: { getGlyph?: (id: number, codePoints?: number[]) => Glyph };
  subset?: { includeGlyph?: (glyph: number | Glyph) => number; glyphs?: number[] };
  layout?: (text: string, features?: unknown, onlyWidth?: boolean) => { glyphs?: Glyph[] | null };
  layoutCache?: unknown;
}

interface Glyph {
  id: number;
  codePoints: number[];
}

/** The parts of a pdfmake line we read and move. */
interface Line {
  inlines?: Inline[];
  x?: number;
  maxWidth?: number;
}

interface PdfkitDocument {
  _pdfMakePages?: Array<{ items?: Array<{ type?: string; item?: Line }> }>;
  addPage(...args: unknown[]): unknown;
  text(text: unknown, ...rest: unknown[]): unknown;
  addContent(data: string): unknown;
}

const isDocument = (value: unknown): value is PdfkitDocument =>
  typeof value === "object" && value !== null && ["addPage", "text", "addContent"].every((name) => typeof (value as Record<string, unknown>)[name] === "function");

const BLANK = /^\s*$/;

/**
 * Puts a line's words in visual order (UAX #9 L1-L2), in place, and gives them the x they are
 * drawn at: from the line's start, each word's width along, plus pdfmake's justification gap.
 * Returns the width the words take (undefined when the line is all left to right, left as it was).
 */
export function reorderLine(inlines: Inline[]): number | undefined {
  const n = inlines.length;
  const base = inlines.find((inline) => inline.bidiBase !== undefined)?.bidiBase ?? 0;
  const levels = inlines.map((inline) => inline.bidi ?? base);
  if (levels.every((level) => level === 0)) return undefined;
  // L1: white space at the end of the line goes to the paragraph's level
  for (let i = n - 1; i >= 0 && BLANK.test(inlines[i]!.text); i--) levels[i] = base;
  const last = inlines[n - 1]!;
  const gap = inlines[1]?.justifyShift ?? 0;
  const order = visualOrder(levels);
  const visual = order.map((i) => inlines[i]!);
  const start = -(inlines[0]!.leadingCut ?? 0);
  let cursor = start;
  visual.forEach((inline, k) => {
    // the line's last word's trailing spaces take no room (pdfmake leaves them out of its width);
    // a right-to-left word is drawn reversed, its trailing spaces on its left
    const cut = inline === last ? (inline.trailingCut ?? 0) : 0;
    const leftCut = (inline.bidi ?? 0) % 2 === 1 ? cut : 0;
    inline.x = cursor - leftCut + k * gap;
    cursor += inline.width - cut;
  });
  inlines.splice(0, n, ...visual);
  return cursor - start;
}

/**
 * Sets a right-to-left line of a left-aligned paragraph (one that mixes directions line by line) to
 * the right, where it starts.
 */
function alignRightToLeft(line: Line, width: number | undefined): void {
  const inlines = line.inlines!;
  const base = inlines.find((inline) => inline.bidiBase !== undefined)?.bidiBase;
  if (width === undefined || base !== 1 || inlines[0]!.alignment !== "left" || line.maxWidth === undefined || line.x === undefined) return;
  line.x += Math.max(0, line.maxWidth - width);
}

function hookDocument(document: PdfkitDocument): void {
  const addPage = document.addPage;
  const text = document.text;
  let reordered = false;
  const widths = new WeakMap<Inline[], number | undefined>();
  const aligned = new WeakSet<Line>();
  document.addPage = function (this: PdfkitDocument, ...args: unknown[]): unknown {
    if (!reordered) {
      reordered = true;
      for (const page of this._pdfMakePages ?? []) {
        for (const item of page.items ?? []) {
          const line = item.type === "line" ? item.item : undefined;
          const inlines = line?.inlines;
          if (line === undefined || inlines === undefined || inlines.length === 0) continue;
          // a repeated table header shares its words with the first: order them once
          if (!widths.has(inlines)) widths.set(inlines, reorderLine(inlines));
          if (!aligned.has(line)) {
            aligned.add(line);
            alignRightToLeft(line, widths.get(inlines));
          }
        }
      }
    }
    return addPage.apply(this, args);
  };
  // pdfkit writes each call's text as one text object (BT ... ET): the marked content goes inside
  // it, where poppler places an ActualText by the glyphs it covers (around it, poppler 22 loses
  // their position and breaks the line apart)
  const addContent = document.addContent;
  let actual: string | undefined;
  document.addContent = function (this: PdfkitDocument, data: string): unknown {
    if (actual !== undefined && data === "ET") addContent.call(this, "EMC");
    const result = addContent.call(this, data);
    if (actual !== undefined && data === "BT") addContent.call(this, `/Span <</ActualText <${utf16Hex(actual)}>>> BDC`);
    return result;
  };
  document.text = function (this: PdfkitDocument, value: unknown, ...rest: unknown[]): unknown {
    if (typeof value !== "string" || !needsActualText(value)) return text.call(this, value, ...rest);
    actual = value;
    try {
      return text.call(this, value, ...rest);
    } finally {
      actual = undefined;
    }
  };
}

/** A PDF text string in hex: UTF-16BE with its byte order mark. */
export function utf16Hex(text: string): string {
  let hex = "feff";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return hex;
}

const SHARED_GLYPHS = /[\p{Script=Arabic}\p{Script=Syriac}]/u;

/**
 * Gives each letter its own glyph in the PDF's subset of `font`. Noto Sans Arabic draws several
 * letters as one dotless shape plus their dots, and fontkit keeps one glyph object per glyph id,
 * with the letters of its first use: pdfkit's ToUnicode then maps the shared shape to one letter
 * for all of them, and text extraction reads "ي" where the page shows "ت". Here fontkit hands out a
 * glyph with the letters of each use, and the subset gets one copy of the shape per letter it
 * stands for, each with its own ToUnicode entry.
 */
function distinguishSharedGlyphs(font: PdfkitFont): void {
  const fontkit = font.font;
  const subset = font.subset;
  const getGlyph = fontkit?.getGlyph;
  const includeGlyph = subset?.includeGlyph;
  const layout = font.layout;
  if (fontkit === undefined || subset === undefined || getGlyph === undefined || includeGlyph === undefined || layout === undefined || !Array.isArray(subset.glyphs)) return;
  fontkit.getGlyph = function (this: unknown, id: number, codePoints?: number[]): Glyph {
    const glyph = getGlyph.call(this, id, codePoints);
    if (!Array.isArray(codePoints) || codePoints.length === 0 || glyph.codePoints.join() === codePoints.join()) return glyph;
    return Object.assign(Object.create(Object.getPrototypeOf(glyph) as object) as Glyph, glyph, { codePoints });
  };
  // pdfkit's cached layouts were made with the shared glyphs
  font.layoutCache = Object.create(null);
  // encode() lays the text out, then asks the subset for each glyph's id in order
  let pending: Glyph[] = [];
  let next = 0;
  font.layout = function (this: PdfkitFont, text: string, features?: unknown, onlyWidth?: boolean) {
    const run = layout.call(this, text, features, onlyWidth);
    if (onlyWidth !== true && Array.isArray(run.glyphs)) {
      pending = run.glyphs;
      next = 0;
    }
    return run;
  };
  const copies = new Map<string, number>();
  const letters = new Map<number, string>();
  subset.includeGlyph = function (this: { glyphs: number[] }, glyph: number | Glyph): number {
    const id = typeof glyph === "number" ? glyph : glyph.id;
    const expected = pending[next];
    if (expected === undefined || expected.id !== id) return includeGlyph.call(this, glyph);
    next++;
    const key = `${id}:${expected.codePoints.join(",")}`;
    const known = copies.get(key);
    if (known !== undefined) return known;
    const first = letters.get(id);
    let gid: number;
    if (first === undefined || expected.codePoints.length === 0) gid = includeGlyph.call(this, glyph);
    else {
      // the same shape for other letters: a copy of it in the subset
      this.glyphs.push(id);
      gid = this.glyphs.length - 1;
    }
    if (first === undefined) letters.set(id, key);
    copies.set(key, gid);
    return gid;
  };
}

/**
 * Watches `nodes` (text nodes of one pdfmake definition): when pdfmake gives them their words, the
 * words' pdfkit document gets the hook, once.
 */
export function watchTextNodes(nodes: readonly object[]): void {
  const hooked = new WeakSet<object>();
  const distinguished = new WeakSet<PdfkitFont>();
  for (const node of nodes) {
    let inlines: unknown;
    Object.defineProperty(node, "_inlines", {
      configurable: true,
      enumerable: false,
      get: () => inlines,
      set: (value: unknown) => {
        inlines = value;
        if (!Array.isArray(value)) return;
        const words = value as Inline[];
        const document = words[0]?.font?.document;
        if (isDocument(document) && !hooked.has(document)) {
          hooked.add(document);
          hookDocument(document);
        }
        for (const word of words) {
          if (word.font !== undefined && !distinguished.has(word.font) && SHARED_GLYPHS.test(word.text)) {
            distinguished.add(word.font);
            distinguishSharedGlyphs(word.font);
          }
        }
      },
    });
  }
}
