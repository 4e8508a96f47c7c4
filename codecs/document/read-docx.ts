// DOCX → DocModel (issue 15): the zip-bomb guard first (listZip, then each entry unpacked with
// readZipEntry's cap: checkZip's checks, keeping the parts we read), then mammoth (DOCX → semantic HTML, images
// as data URIs), then htmlToModel. What mammoth does not give (title, author, language, the page)
// comes from the XML parts themselves (docx-parts.ts). Runs in Node and in a browser worker: mammoth's
// package.json `browser` field swaps its Node-only zip and file modules for browser ones, and we
// hand it the bytes under both input keys (`buffer` for Node's, `arrayBuffer` for the browser's).
import { zipSync, type Zippable } from "fflate";
import mammoth from "mammoth";
import { openCompoundFile } from "./doc-cfb.ts";
import { DocumentError } from "./document-error.ts";
import { checkXmlPart, coreProperties, defaultLanguage, pageSetup, paragraphBreaks, type ParagraphBreaks, pictureSizes } from "./docx-parts.ts";
import { listCounter, readNumbering, styleNumbering } from "./docx-list-numbers.ts";
import { noteMarks } from "./docx-notes.ts";
import { needsPreparing, prepareWordXml } from "./docx-prepare.ts";
import { paragraphMarker, HEADER_PARAGRAPH_CLASS, htmlToModel, numberMarker, PAGE_BREAK_CLASS } from "./html-to-model.ts";
import type { Alignment, DocModel } from "./model.ts";
import { findZipEntry, listZip, readZipEntry, type ZipEntry } from "./zip-guard.ts";

export interface ReadDocxOptions {
  /** called with the share done, 0 to 1 */
  onProgress?(fraction: number): void;
  /** the most XML the document may unpack to (default MAX_DOCX_XML_BYTES) */
  maxXmlBytes?: number;
}

/**
 * The most XML (all parts together) a DOCX may unpack to: mammoth reads about 1.5 MB of it a second
 * and holds it as a DOM, so this is some 45 seconds of work; a 1000-page report has about 20 MB.
 */
export const MAX_DOCX_XML_BYTES = 64 * 1024 * 1024;

const mb = (bytes: number): number => Math.ceil(bytes / (1024 * 1024));

// Ours come first, so they win over mammoth's default map (which keeps Heading 1–6 and lists).
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='title'] => h1:fresh",
  `p[style-name='Table Heading'] => p.${HEADER_PARAGRAPH_CLASS}:fresh`,
  `br[type='page'] => hr.${PAGE_BREAK_CLASS}`,
  // mammoth drops underlines unless asked
  "u => u",
];

/** mammoth's "↑" link at the end of each footnote and endnote, back to its reference */
const NOTE_BACK_LINK = /^#(footnote|endnote)-ref-/;

/** What mammoth never keeps, said once for every DOCX. */
const ALWAYS_LOST = "Fonts, sizes, colours, indents, headers and footers are not kept; footnotes and endnotes move to the end.";

/** The part of mammoth's document tree that the alignment transform walks. */
interface MammothElement {
  type: string;
  children?: MammothElement[];
  alignment?: string | null;
  value?: string;
}

// w:jc values (ECMA-376 strict and transitional); "start"/"left" is the default and is not marked
const JUSTIFICATION: Record<string, Exclude<Alignment, "left">> = { center: "center", right: "right", end: "right", both: "justify", distribute: "justify" };

/** What the transform saw of the body. */
interface BodyCensus {
  /** the body's pictures (footnotes' come after them in the HTML) */
  images: number;
}

/** The body's paragraphs in document order (a stack, not recursion, though checkXmlPart limited the depth). */
function paragraphsOf(document: MammothElement, census: BodyCensus): MammothElement[] {
  const paragraphs: MammothElement[] = [];
  const stack: MammothElement[] = [document];
  for (let element = stack.pop(); element; element = stack.pop()) {
    if (element.type === "paragraph") paragraphs.push(element);
    else if (element.type === "image") census.images++;
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return paragraphs;
}

const CONTENT_TYPES = new Set(["image", "tab", "break", "checkbox"]);

/** Whether a paragraph shows anything: text, a picture, a tab or a break. */
function hasContent(paragraph: MammothElement): boolean {
  const stack = [...(paragraph.children ?? [])];
  for (let element = stack.pop(); element; element = stack.pop()) {
    if ((element.type === "text" && element.value) || CONTENT_TYPES.has(element.type)) return true;
    for (const child of element.children ?? []) stack.push(child);
  }
  return false;
}

/**
 * A mammoth transform marking each paragraph's alignment, a page break before it and its number as
 * Word shows it, at the start of its text (paragraphMarker, numberMarker), for htmlToModel to read
 * back. The breaks and numbers come from the XML (mammoth keeps no w:pageBreakBefore and numbers
 * lists itself), matched by position only when the paragraph counts agree.
 */
function markParagraphs(breaks: ParagraphBreaks, labels: readonly (string | undefined)[], census: BodyCensus): (document: MammothElement) => MammothElement {
  return (document) => {
    const paragraphs = paragraphsOf(document, census);
    const matched = paragraphs.length === breaks.count;
    const withBreaks = matched ? breaks.before : new Set<number>();
    paragraphs.forEach((paragraph, index) => {
      // an empty paragraph is dropped by mammoth; an alignment mark or a number must not keep it alive
      const content = hasContent(paragraph);
      const align = content ? JUSTIFICATION[paragraph.alignment ?? ""] : undefined;
      const label = content && matched ? labels[index] : undefined;
      const marks = [withBreaks.has(index) ? paragraphMarker("page-break-before") : "", align ? paragraphMarker(align) : "", label !== undefined ? numberMarker(label) : ""].join("");
      if (marks !== "" && paragraph.children) paragraph.children.unshift({ type: "text", value: marks });
    });
    return document;
  };
}

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean => prefix.every((value, i) => bytes[i] === value);

/** An OLE file where a DOCX was expected: an encrypted DOCX (Office wraps those in OLE) or an old .doc. */
async function oleFailure(bytes: Uint8Array): Promise<DocumentError> {
  let encrypted = false;
  try {
    // our own container reader: the cfb package loops for ever on some hostile chains (doc-cfb.ts)
    const container = openCompoundFile(bytes);
    encrypted = container.has("EncryptionInfo") || container.has("EncryptedPackage");
  } catch {
    return new DocumentError("This file is not a readable Word document: its container is damaged.", "damaged");
  }
  return encrypted
    ? new DocumentError("This Word document is protected with a password. Password-protected Word documents cannot be converted: open it in Word, remove the password and save it again.", "unsupported")
    : new DocumentError("This is an older Word 97–2003 (.doc) or other Office file, not a DOCX. Choose the DOC converter for it.", "damaged");
}

const XML_PART = /\.(xml|rels)$/i;
/** The notes parts mammoth reads besides the main document (named so by Word, LibreOffice and the docx package). */
const MAMMOTH_NOTES_PART = /^word\/(footnotes|endnotes)\.xml$/i;

/** Whether bytes start like XML: "<" after an optional UTF-8 byte-order mark and whitespace. */
function looksLikeXml(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d)) at++;
  return bytes[at] === 0x3c;
}
const text = (bytes: Uint8Array | undefined): string | undefined => (bytes ? new TextDecoder().decode(bytes) : undefined);

/** mammoth's messages, in the visitor's words (style names and images are said elsewhere). */
function mammothNotes(messages: readonly { type: string; message: string }[]): string[] {
  const notes: string[] = [];
  const ignored = new Set<string>();
  let symbols = 0;
  let columns = 0;
  let errors = 0;
  for (const { type, message } of messages) {
    if (type === "error") errors++;
    else if (message.startsWith("An unrecognised element was ignored: ")) ignored.add(message.slice("An unrecognised element was ignored: ".length));
    else if (message.startsWith("A w:sym element")) symbols++;
    else if (message.startsWith("Unsupported break type: column")) columns++;
  }
  if (ignored.size > 0) notes.push(`Some content Word stores in special elements was left out (${[...ignored].slice(0, 3).join(", ")}).`);
  if (symbols > 0) notes.push(`${symbols} symbol-font character${symbols === 1 ? " was" : "s were"} left out.`);
  if (columns > 0) notes.push("Column breaks are not kept.");
  if (errors > 0) notes.push(`${errors} part${errors === 1 ? "" : "s"} (usually pictures) could not be read and ${errors === 1 ? "was" : "were"} left out.`);
  return notes;
}

/** The document in `bytes` (a .docx file) as the document model. Throws DocumentError. */
export async function readDocx(bytes: Uint8Array, options: ReadDocxOptions = {}): Promise<DocModel> {
  const progress = options.onProgress ?? (() => {});
  progress(0);
  if (startsWith(bytes, CFB_SIGNATURE)) throw await oleFailure(bytes);
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new DocumentError("This file is not a DOCX document: it does not start like one (a DOCX is a zip file).", "damaged");
  // the zip guard: declared sizes first, then every entry unpacked with a cap at its declared size
  const entries = listZip(bytes);
  const document = findMainPart(bytes, entries) ?? findZipEntry(entries, "word/document.xml");
  if (!document) throw new DocumentError("This zip file has no Word document inside (no word/document.xml): it is not a DOCX.", "damaged");
  const maxXml = options.maxXmlBytes ?? MAX_DOCX_XML_BYTES;
  const tooMuchXml = (total: number): DocumentError =>
    new DocumentError(`This document's text and layout unpack to ${mb(total)} MB, more than the ${mb(maxXml)} MB this converter reads. Split it into smaller documents.`, "too-large");
  const declaredXml = entries.reduce((sum, entry) => sum + (XML_PART.test(entry.name) ? entry.uncompressedSize : 0), 0);
  if (declaredXml > maxXml) throw tooMuchXml(declaredXml);
  // Each entry is unpacked once here. XML is told by its content, not its name (mammoth parses
  // whatever the relationships name): scanned, counted, and kept when we read it ourselves.
  const kept = new Map<string, Uint8Array>();
  const wanted = new Set(["docProps/core.xml", "word/styles.xml", "word/settings.xml", "word/numbering.xml", document.name]);
  // parts rewritten for mammoth (docx-prepare.ts): simple fields, direction wrappers, Choice-only content
  const prepared = new Map<string, Uint8Array>();
  let xmlTotal = 0;
  for (const [index, entry] of entries.entries()) {
    const content = readZipEntry(bytes, entry);
    if (XML_PART.test(entry.name) || (looksLikeXml(content) && !entry.name.toLowerCase().endsWith(".svg"))) {
      xmlTotal += content.length;
      if (xmlTotal > maxXml) throw tooMuchXml(xmlTotal);
      checkXmlPart(content, entry.name);
      let part = content;
      if (entry.name === document.name || MAMMOTH_NOTES_PART.test(entry.name)) {
        const xml = new TextDecoder().decode(content);
        const rewritten = needsPreparing(xml) ? prepareWordXml(xml) : xml;
        if (rewritten !== xml) {
          part = new TextEncoder().encode(rewritten);
          prepared.set(entry.name, part);
        }
      }
      if (wanted.has(entry.name)) kept.set(entry.name, part);
    }
    progress(Math.min(0.2, (0.2 * (index + 1)) / entries.length));
  }
  const part = (name: string): Uint8Array | undefined => kept.get(name);
  const core = coreProperties(text(part("docProps/core.xml")) ?? "");
  const language = core.language ?? defaultLanguage(text(part("word/styles.xml")), text(part("word/settings.xml")));
  const documentXml = kept.get(document.name) ?? readZipEntry(bytes, document);
  const page = pageSetup(documentXml);
  const documentText = new TextDecoder().decode(documentXml);
  const sizes = pictureSizes(documentText);
  const breaks = paragraphBreaks(documentText);
  const labels = paragraphLabels(breaks, text(part("word/numbering.xml")), text(part("word/styles.xml")));
  const noteMark = noteMarks(documentText, text(part("word/settings.xml")));
  progress(0.2);

  // mammoth reads the rewritten parts from a zip of their own (stored, not compressed: it is read once)
  const mammothBytes = prepared.size === 0 ? bytes : rezip(bytes, entries, prepared);
  // mammoth takes the bytes as `buffer` in Node and as `arrayBuffer` in the browser build
  const arrayBuffer = mammothBytes.buffer.slice(mammothBytes.byteOffset, mammothBytes.byteOffset + mammothBytes.byteLength) as ArrayBuffer;
  const input = { arrayBuffer, buffer: mammothBytes };
  let result: { value: string; messages: { type: string; message: string }[] };
  const census: BodyCensus = { images: 0 };
  try {
    result = await mammoth.convertToHtml(input, { styleMap: STYLE_MAP, transformDocument: markParagraphs(breaks, labels, census) });
  } catch (error) {
    if (error instanceof RangeError) throw new DocumentError("This document is too deeply built to convert.", "too-much-work", { cause: error });
    throw new DocumentError(`This file is not a readable Word document: ${error instanceof Error ? error.message : String(error)}.`, "damaged", { cause: error });
  }
  progress(0.8);

  const notes = [ALWAYS_LOST];
  // the sizes go to the body's pictures in order: only when we found as many as mammoth, and it lost none
  const trustSizes = sizes.length === census.images && !result.messages.some((message) => message.type === "error");
  const blocks = htmlToModel(result.value, { notes, dropLinks: NOTE_BACK_LINK, noteMark, ...(trustSizes ? { displaySizes: sizes } : {}) });
  notes.push(...mammothNotes(result.messages));
  if (findZipEntry(entries, "word/comments.xml")) notes.push("Comments are left out.");
  if (/<w:(ins|del|moveFrom|moveTo)\b/.test(documentText)) notes.push("Tracked changes are shown as accepted.");
  // Word shows no empty page for a break before the first paragraph
  while (blocks[0]?.kind === "page-break") blocks.shift();
  const model: DocModel = { blocks, notes };
  if (core.title) model.title = core.title;
  if (core.author) model.author = core.author;
  if (language) model.language = language;
  if (page) model.page = page;
  progress(1);
  return model;
}

/** The zip with the `prepared` parts in place of the originals, every entry stored. */
function rezip(bytes: Uint8Array, entries: readonly ZipEntry[], prepared: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const files: Zippable = {};
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    files[entry.name] = [prepared.get(entry.name) ?? readZipEntry(bytes, entry), { level: 0 }];
  }
  return zipSync(files);
}

/** Each body paragraph's number as Word shows it (undefined: not numbered, or bulleted). */
function paragraphLabels(breaks: ParagraphBreaks, numberingXml: string | undefined, stylesXml: string | undefined): (string | undefined)[] {
  if (!numberingXml) return [];
  const styles = styleNumbering(stylesXml);
  const next = listCounter(readNumbering(numberingXml), styles);
  return breaks.numbering.map((paragraph) => {
    const style = paragraph.style !== undefined ? styles.get(paragraph.style) : undefined;
    const numId = paragraph.numId ?? style?.numId;
    // numId 0 switches numbering off (over a style's)
    if (numId === undefined || numId === "0") return undefined;
    return next({ numId, ilvl: paragraph.ilvl ?? style?.ilvl ?? 0 });
  });
}

/** The main part that _rels/.rels names (mammoth finds it the same way, else word/document.xml). */
function findMainPart(bytes: Uint8Array, entries: readonly ZipEntry[]): ZipEntry | undefined {
  const rels = findZipEntry(entries, "_rels/.rels");
  if (!rels) return undefined;
  const xml = new TextDecoder().decode(readZipEntry(bytes, rels));
  const target = /<Relationship\b[^>]*Type="[^"]*\/officeDocument"[^>]*>/.exec(xml)?.[0].match(/Target="\/?([^"]+)"/)?.[1];
  return target ? findZipEntry(entries, target) : undefined;
}
