// The small facts readDocx takes from a DOCX's XML parts itself, because mammoth does not give them:
// title, author and language (docProps/core.xml, word/styles.xml, word/settings.xml), the page size
// and margins (the body's last w:sectPr), and a safety scan of each XML part before mammoth parses
// it (mammoth's reader recurses once per element level, and OOXML never has a DTD).
// These parts are tiny and their shape is fixed by ECMA-376, so a few linear regexes do.
import { DocumentError } from "./document-error.ts";
import type { PageSetup } from "./model.ts";

/** Deeper XML element nesting than Word writes (about 30 with nested tables), well within mammoth's stack. */
export const MAX_XML_DEPTH = 200;

const TWIPS_PER_POINT = 20;
/** page sides accepted, in points: 1 inch to 200 inches (Word's own limits are 0.1 in to 22 in) */
const MIN_PAGE_PT = 72;
const MAX_PAGE_PT = 14_400;
/** the tail of document.xml that holds the body's last w:sectPr */
const SECTION_TAIL_BYTES = 64 * 1024;

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML text with its five named entities and character references decoded. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/** The text of the first `<prefix:local>` element (any prefix), decoded and trimmed; undefined when empty. */
function elementText(xml: string, local: string): string | undefined {
  const match = new RegExp(`<(?:[\\w.-]+:)?${local}(?:\\s[^>]*)?>([^<]*)</(?:[\\w.-]+:)?${local}>`).exec(xml);
  const text = match ? decodeXmlText(match[1]!).trim() : "";
  return text === "" ? undefined : text;
}

/** An attribute of the first `<w:tag ...>` element, as text. */
function attribute(xml: string, tag: string, name: string): string | undefined {
  const element = new RegExp(`<w:${tag}\\b[^>]*>`).exec(xml);
  if (!element) return undefined;
  const value = new RegExp(`\\bw:${name}="([^"]*)"`).exec(element[0]);
  return value ? value[1] : undefined;
}

const BCP47 = /^[a-z]{2,8}(?:-[a-z0-9]{1,8})*$/i;

/** A language tag we pass on, or undefined ("x-none" and the like are not). */
function languageTag(value: string | undefined): string | undefined {
  return value && BCP47.test(value) && !/^x-/i.test(value) ? value : undefined;
}

export interface CoreProperties {
  title?: string;
  author?: string;
  language?: string;
}

/** docProps/core.xml's dc:title, dc:creator and dc:language. */
export function coreProperties(xml: string): CoreProperties {
  const out: CoreProperties = {};
  const title = elementText(xml, "title");
  const author = elementText(xml, "creator");
  const language = languageTag(elementText(xml, "language"));
  if (title) out.title = title;
  if (author) out.author = author;
  if (language) out.language = language;
  return out;
}

/** The document's default language: styles.xml's w:docDefaults run language, else settings.xml's theme font language. */
export function defaultLanguage(stylesXml: string | undefined, settingsXml: string | undefined): string | undefined {
  const defaults = stylesXml ? /<w:docDefaults>[\s\S]*?<\/w:docDefaults>/.exec(stylesXml) : null;
  return languageTag(defaults ? attribute(defaults[0], "lang", "val") : undefined) ?? languageTag(settingsXml ? attribute(settingsXml, "themeFontLang", "val") : undefined);
}

const points = (twips: string | undefined): number | undefined => {
  const n = Number.parseInt(twips ?? "", 10);
  return Number.isFinite(n) ? Math.abs(n) / TWIPS_PER_POINT : undefined;
};

/** The page of the body's last section (w:pgSz, w:pgMar in twentieths of a point), when it makes sense. */
export function pageSetup(documentXml: Uint8Array): PageSetup | undefined {
  const tail = new TextDecoder().decode(documentXml.subarray(Math.max(0, documentXml.length - SECTION_TAIL_BYTES)));
  const at = tail.lastIndexOf("<w:sectPr");
  if (at < 0) return undefined;
  const section = tail.slice(at);
  const width = points(attribute(section, "pgSz", "w"));
  const height = points(attribute(section, "pgSz", "h"));
  if (width === undefined || height === undefined) return undefined;
  if (width < MIN_PAGE_PT || height < MIN_PAGE_PT || width > MAX_PAGE_PT || height > MAX_PAGE_PT) return undefined;
  const margin = (name: string): number => points(attribute(section, "pgMar", name)) ?? 0;
  const top = margin("top");
  const right = margin("right");
  const bottom = margin("bottom");
  const left = margin("left") + margin("gutter");
  // margins that leave no room for text are not believed
  if (left + right >= width * 0.9 || top + bottom >= height * 0.9) return { widthPt: width, heightPt: height, marginsPt: [56.69, 56.69, 56.69, 56.69] };
  return { widthPt: width, heightPt: height, marginsPt: [top, right, bottom, left] };
}

const EMU_PER_POINT = 12_700;

/** A VML length ("72pt", "1in", "2.5cm", "96px") in points. */
function vmlPoints(value: string | undefined): number | undefined {
  const match = /^\s*([\d.]+)\s*(pt|in|cm|mm|px)?\s*$/i.exec(value ?? "");
  if (!match) return undefined;
  const n = Number.parseFloat(match[1]!);
  const unit = (match[2] ?? "px").toLowerCase();
  const factor: Record<string, number> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, px: 0.75 };
  return Number.isFinite(n) && n > 0 ? n * factor[unit]! : undefined;
}

/**
 * The shown size of each picture of the body, in the order mammoth meets them: a DrawingML picture
 * (pic:blipFill) takes its drawing's wp:extent, a VML one (v:imagedata) its v:shape's style. Like
 * mammoth, an mc:AlternateContent is read through its mc:Fallback, so mc:Choice is skipped.
 */
export function pictureSizes(documentXml: string): Array<{ widthPt: number; heightPt: number } | undefined> {
  const sizes: Array<{ widthPt: number; heightPt: number } | undefined> = [];
  const token = /<mc:Choice\b|<wp:extent\b[^>]*>|<pic:blipFill\b|<v:shape\b[^>]*>|<v:imagedata\b/g;
  let extent: { widthPt: number; heightPt: number } | undefined;
  let shape: { widthPt: number; heightPt: number } | undefined;
  for (let match = token.exec(documentXml); match; match = token.exec(documentXml)) {
    const text = match[0];
    if (text === "<mc:Choice") {
      const end = documentXml.indexOf("</mc:Choice>", token.lastIndex);
      if (end < 0) break;
      token.lastIndex = end;
    } else if (text.startsWith("<wp:extent")) {
      const cx = Number(/\bcx="(\d+)"/.exec(text)?.[1]);
      const cy = Number(/\bcy="(\d+)"/.exec(text)?.[1]);
      extent = cx > 0 && cy > 0 ? { widthPt: cx / EMU_PER_POINT, heightPt: cy / EMU_PER_POINT } : undefined;
    } else if (text === "<pic:blipFill") {
      sizes.push(extent);
    } else if (text.startsWith("<v:shape")) {
      const style = /\bstyle="([^"]*)"/.exec(text)?.[1] ?? "";
      const width = vmlPoints(/(?:^|;)\s*width\s*:([^;]*)/i.exec(style)?.[1]);
      const height = vmlPoints(/(?:^|;)\s*height\s*:([^;]*)/i.exec(style)?.[1]);
      shape = width && height ? { widthPt: width, heightPt: height } : undefined;
    } else {
      sizes.push(shape);
    }
  }
  return sizes;
}

export interface ParagraphBreaks {
  /** the body's paragraphs (w:p), in document order, as mammoth keeps them: mc:Choice content skipped, a paragraph whose mark is deleted merged into the next */
  count: number;
  /** the indexes of those with a direct w:pageBreakBefore */
  before: Set<number>;
  /** each paragraph's style and direct numbering (w:numPr), by index */
  numbering: ParagraphNumbering[];
}

export interface ParagraphNumbering {
  style?: string;
  numId?: string;
  ilvl?: number;
}

const valAttribute = (xml: string, element: string): string | undefined => {
  const tag = new RegExp(`<w:${element}\\b[^>]*>`).exec(xml)?.[0];
  return tag ? /\bw:val\s*=\s*"([^"]*)"/.exec(tag)?.[1] : undefined;
};

/** The index after the `</w:tr>` closing the row whose content starts at `from` (rows nest in nested tables); -1 when cut short. */
function rowEnd(xml: string, from: number): number {
  const tags = /<w:tr(?=[\s>])[^>]*>|<\/w:tr>/g;
  tags.lastIndex = from;
  let depth = 1;
  for (let match = tags.exec(xml); match; match = tags.exec(xml)) {
    depth += match[0] === "</w:tr>" ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  return -1;
}

/** Which of the body's paragraphs start a new page (w:pageBreakBefore in their own properties), and their numbering. */
export function paragraphBreaks(documentXml: string): ParagraphBreaks {
  const before = new Set<number>();
  const numbering: ParagraphNumbering[] = [];
  const token = /<mc:Choice\b|<w:tr(?=[\s>])[^>]*>|<w:p(?=[\s>/])[^>]*>/g;
  for (let match = token.exec(documentXml); match; match = token.exec(documentXml)) {
    const text = match[0];
    if (text === "<mc:Choice") {
      const end = documentXml.indexOf("</mc:Choice>", token.lastIndex);
      if (end < 0) break;
      token.lastIndex = end;
      continue;
    }
    if (text.startsWith("<w:tr")) {
      // a row deleted with tracked changes: mammoth leaves out its paragraphs
      const cellAt = documentXml.indexOf("<w:tc", token.lastIndex);
      const rowProps = documentXml.slice(token.lastIndex, cellAt < 0 ? token.lastIndex : cellAt);
      if (/<w:trPr>[\s\S]*<w:del\b/.test(rowProps)) {
        const end = rowEnd(documentXml, token.lastIndex);
        if (end < 0) break;
        token.lastIndex = end;
      }
      continue;
    }
    let props = "";
    if (!text.endsWith("/>") && documentXml.startsWith("<w:pPr", token.lastIndex)) {
      const end = documentXml.indexOf("</w:pPr>", token.lastIndex);
      const selfClosed = /^<w:pPr\s*\/>/.test(documentXml.slice(token.lastIndex, token.lastIndex + 12));
      // the properties before a change (w:pPrChange) are not the paragraph's
      if (!selfClosed && end > 0) props = documentXml.slice(token.lastIndex, end).replace(/<w:pPrChange\b[\s\S]*?<\/w:pPrChange>/g, "");
    }
    // mammoth joins a paragraph whose mark is a tracked deletion to the next one
    const markProps = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(props)?.[1] ?? "";
    if (/<w:del\b/.test(markProps)) continue;
    const breakTag = /<w:pageBreakBefore\b[^>]*>/.exec(props)?.[0];
    if (breakTag && !/w:val="(false|0|off)"/.test(breakTag)) before.add(numbering.length);
    const entry: ParagraphNumbering = {};
    const style = valAttribute(props, "pStyle");
    if (style !== undefined) entry.style = style;
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(props)?.[1];
    if (numPr) {
      const numId = valAttribute(numPr, "numId");
      const ilvl = Number.parseInt(valAttribute(numPr, "ilvl") ?? "", 10);
      if (numId !== undefined) entry.numId = numId;
      if (Number.isFinite(ilvl)) entry.ilvl = ilvl;
    }
    numbering.push(entry);
  }
  return { count: numbering.length, before, numbering };
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

const startsAt = (bytes: Uint8Array, at: number, text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

const indexOf = (bytes: Uint8Array, text: string, from: number): number => {
  const first = text.charCodeAt(0);
  for (let i = bytes.indexOf(first, from); i >= 0; i = bytes.indexOf(first, i + 1)) if (startsAt(bytes, i, text)) return i;
  return -1;
};

/** The index of the last byte of `text`'s first occurrence from `from`, or -1. */
const endOf = (bytes: Uint8Array, text: string, from: number): number => {
  const found = indexOf(bytes, text, from);
  return found < 0 ? -1 : found + text.length - 1;
};

/**
 * Refuses an XML part (UTF-8 bytes) that nests elements deeper than `maxDepth` ("too-much-work") or
 * declares a DTD (entity expansion: "damaged", OOXML never has one). One linear pass over the
 * bytes: every delimiter is ASCII, so UTF-8 text needs no decoding.
 */
export function checkXmlPart(bytes: Uint8Array, name: string, maxDepth = MAX_XML_DEPTH): void {
  let depth = 0;
  let at = bytes.indexOf(LT);
  while (at >= 0 && at < bytes.length) {
    const next = bytes[at + 1];
    let end: number;
    if (next === BANG) {
      if (startsAt(bytes, at, "<!--")) end = endOf(bytes, "-->", at + 4);
      else if (startsAt(bytes, at, "<![CDATA[")) end = endOf(bytes, "]]>", at + 9);
      else throw new DocumentError(`This document's part "${name}" declares a DTD, which Word documents never do; it is not opened.`, "damaged");
    } else if (next === QUESTION) {
      end = endOf(bytes, "?>", at + 2);
    } else {
      // the tag's end, stepping over quoted attribute values (they may hold ">")
      let quote = 0;
      end = -1;
      for (let i = at + 1; i < bytes.length; i++) {
        const c = bytes[i]!;
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === QUOTE || c === APOSTROPHE) {
          quote = c;
        } else if (c === GT) {
          end = i;
          break;
        }
      }
      if (end > 0) {
        if (next === SLASH) depth--;
        else if (bytes[end - 1] !== SLASH && ++depth > maxDepth) {
          throw new DocumentError(`This document nests its content more than ${maxDepth} levels deep (in "${name}"), far beyond any real document.`, "too-much-work");
        }
      }
    }
    if (end < 0) return; // cut short: mammoth's parser reports that
    at = bytes.indexOf(LT, end + 1);
  }
}
