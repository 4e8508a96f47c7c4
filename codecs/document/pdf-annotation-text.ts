// The text a PDF viewer draws in a page's form fields and comment boxes (issue 25): a filled-in
// text field's value, a drop-down's chosen entry, a list box's entries, a free-text comment. pdf.js
// keeps these out of the page's text content (they are annotations, drawn on top), but poppler's
// pdftotext prints them, so a filled-in form keeps its answers. Sticky notes (their text shows only
// in a popup), check boxes and radio buttons (a tick, no words), hidden and password fields give
// nothing. Pure: pdf.js's annotation data in, positioned items out, placed inside each field's box
// as a viewer would draw them (one line centred in the box's height, or lines wrapped to its width
// from its top; where pdf.js read the lines the field's appearance stream draws, those lines from
// where they end up). A comb field's characters, drawn one to a cell, stay one word, as pdftotext
// prints them.
import type { LayoutItem } from "./pdf-lines.ts";

/** The part of pdf.js's annotation data used here (all optional: the data is untyped). */
export interface AnnotationData {
  subtype?: unknown;
  annotationFlags?: unknown;
  rect?: unknown;
  fieldType?: unknown;
  fieldValue?: unknown;
  password?: unknown;
  multiLine?: unknown;
  hidden?: unknown;
  combo?: unknown;
  options?: unknown;
  textAlignment?: unknown;
  defaultAppearanceData?: { fontSize?: unknown } | null;
  /** the lines of text the annotation's appearance stream draws (pdf.js reads them for text fields and free text) */
  textContent?: unknown;
  /** where that text starts: its leftmost start and lowest baseline, from the box's lower left corner */
  textPosition?: unknown;
  comb?: unknown;
  hasAppearance?: unknown;
  contentsObj?: { str?: unknown } | null;
}

/** Annotation flags that keep it off the page: Hidden (2) and NoView (32). */
const NOT_SHOWN = 2 | 32;
/** Room a field's box keeps around its text (points). */
const PADDING = 2;
/** An auto-sized (0) font: this share of a one-line box's height, at most MAX_AUTO_SIZE. */
const AUTO_SIZE_SHARE = 0.65;
const MAX_AUTO_SIZE = 12;
/** A free-text comment's size when its appearance names none. */
const DEFAULT_SIZE = 10;
/** The mean advance of a character in ems (Helvetica's is about half an em). */
const CHAR_EM = 0.5;
/** The distance between wrapped lines in ems. */
const LINE_PITCH_EM = 1.15;
/** Lines drawn in one box, at most (a field's text beyond its box is not drawn). */
const MAX_LINES = 200;

type Rotate = (x: number, y: number) => [number, number];

const str = (value: unknown): string => (typeof value === "string" ? value : "");

function box(rect: unknown): [number, number, number, number] | undefined {
  if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((n) => typeof n === "number" && Number.isFinite(n))) return undefined;
  const [a, b, c, d] = rect as [number, number, number, number];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** The lines the annotation's own appearance stream draws, when pdf.js read them. */
function drawnLines(annotation: AnnotationData): string[] | undefined {
  const lines = annotation.textContent;
  return Array.isArray(lines) && lines.length > 0 && lines.every((line) => typeof line === "string") ? (lines as string[]) : undefined;
}

/** The text a viewer draws in the annotation, as lines; none for what shows no words. */
function shownText(annotation: AnnotationData): { lines: string[]; wrap: boolean; drawn?: true } | undefined {
  const flags = typeof annotation.annotationFlags === "number" ? annotation.annotationFlags : 0;
  if (flags & NOT_SHOWN || annotation.hidden === true) return undefined;
  // what the appearance stream draws is what poppler prints (already wrapped to the box, a number
  // as its form script formats it); pdf.js reads a comb's characters apart, poppler as one word
  const drawable = annotation.subtype === "FreeText" || (annotation.subtype === "Widget" && annotation.fieldType === "Tx" && annotation.comb !== true);
  const drawn = drawable ? drawnLines(annotation) : undefined;
  // pdf.js places a free-text box's made-up appearance its own way: where it made one, our placement
  if (drawn && annotation.password !== true) return { lines: drawn, wrap: false, ...(annotation.subtype === "Widget" || annotation.hasAppearance === true ? { drawn: true as const } : {}) };
  if (annotation.subtype === "FreeText") return { lines: str(annotation.contentsObj?.str).split(/\r\n|\r|\n/), wrap: true };
  if (annotation.subtype !== "Widget" || annotation.password === true) return undefined;
  if (annotation.fieldType === "Tx") return { lines: str(annotation.fieldValue).split(/\r\n|\r|\n/), wrap: annotation.multiLine === true };
  if (annotation.fieldType === "Ch") {
    const options = Array.isArray(annotation.options) ? (annotation.options as { exportValue?: unknown; displayValue?: unknown }[]) : [];
    const display = (value: string): string => str(options.find((option) => option.exportValue === value)?.displayValue) || value;
    const chosen = (Array.isArray(annotation.fieldValue) ? annotation.fieldValue : [annotation.fieldValue]).map(str).filter((value) => value !== "");
    // a drop-down shows its choice; a list box shows its entries
    if (annotation.combo === true) return { lines: chosen.slice(0, 1).map(display), wrap: false };
    return { lines: options.map((option) => str(option.displayValue) || str(option.exportValue)), wrap: false };
  }
  return undefined;
}

/** Words into lines no wider than `width` (by the mean character advance). */
function wrapLines(lines: readonly string[], width: number, size: number): string[] {
  const perLine = Math.max(1, Math.floor(width / (size * CHAR_EM)));
  const out: string[] = [];
  for (const line of lines) {
    let current = "";
    for (const word of line.split(/\s+/).filter(Boolean)) {
      if (current && current.length + 1 + word.length > perLine) {
        out.push(current);
        current = word;
      } else current = current ? `${current} ${word}` : word;
    }
    out.push(current);
  }
  return out;
}

/** The items a viewer draws for the page's form fields and free-text comments, in the page's reading frame. */
export function annotationItems(annotations: readonly unknown[], rotate: Rotate): LayoutItem[] {
  const items: LayoutItem[] = [];
  for (const annotation of annotations as AnnotationData[]) {
    if (typeof annotation !== "object" || annotation === null) continue;
    const rect = box(annotation.rect);
    const shown = rect && shownText(annotation);
    if (!rect || !shown || shown.lines.every((line) => line.trim() === "")) continue;
    const [x0, y0, x1, y1] = rect;
    const height = y1 - y0;
    const width = Math.max(1, x1 - x0 - 2 * PADDING);
    const asked = annotation.defaultAppearanceData?.fontSize;
    const size =
      typeof asked === "number" && asked > 0 ? asked : annotation.subtype === "FreeText" ? DEFAULT_SIZE : Math.max(1, Math.min(MAX_AUTO_SIZE, height * AUTO_SIZE_SHARE));
    const oneLine = !shown.wrap && shown.lines.length === 1;
    const start = Array.isArray(annotation.textPosition) && annotation.textPosition.length === 2 && annotation.textPosition.every(Number.isFinite) ? (annotation.textPosition as [number, number]) : undefined;
    const lines = (shown.wrap ? wrapLines(shown.lines, width, size) : shown.lines).slice(0, MAX_LINES);
    const align = annotation.textAlignment === 1 ? "centre" : annotation.textAlignment === 2 ? "right" : "left";
    lines.forEach((line, n) => {
      const text = line.trim();
      if (text === "") return;
      const textWidth = Math.min(width, text.length * size * CHAR_EM);
      let x = align === "centre" ? x0 + (x1 - x0 - textWidth) / 2 : align === "right" ? x1 - PADDING - textWidth : x0 + PADDING;
      // one line sits in the middle of the box's height, wrapped lines run down from its top
      let y = oneLine ? y0 + Math.max(0, (height - size) / 2) + size * 0.22 : y1 - PADDING - size * (0.8 + n * LINE_PITCH_EM);
      if (start && shown.drawn) {
        // pdf.js gives the leftmost start and lowest baseline of the appearance's text, from the box's corner
        if (align === "left") x = x0 + start[0];
        y = y0 + start[1] + (lines.length - 1 - n) * size * LINE_PITCH_EM;
      }
      const [rx, ry] = rotate(x, y);
      items.push({ text, x: rx, y: ry, width: textWidth, size, font: "annotation", bold: false, italic: false });
    });
  }
  return items;
}
