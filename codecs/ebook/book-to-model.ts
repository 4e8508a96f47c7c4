// A Book → the document model (issue 16), so the document tools' writers make PDF, DOCX and TXT
// from ebooks: each chapter's XHTML goes through htmlToModel with its pictures inlined from the
// book's resources as data: URIs (htmlToModel keeps PNG and JPEG and notes the rest), chapters are
// separated by page breaks, the cover picture stands on the first page, and the metadata and the
// reader's notes are carried over. The model has no anchors, so links between chapters keep their
// text and lose their target; links out of the book stay.
import { CodecFailure } from "../common/codec-failure.ts";
import { htmlToModel } from "../document/html-to-model.ts";
import { pictureInfo } from "../document/image-info.ts";
import { base64Encode } from "../svg/base64.ts";
import type { Block, DocModel } from "../document/model.ts";
import type { Book, BookResource } from "./book.ts";
import { EbookError, type EbookErrorCode } from "./ebook-error.ts";
import { normalizeBookHref } from "./epub-names.ts";

/** More chapters than any real book has (a long novel has a few hundred). */
export const MAX_CHAPTERS = 20_000;

const SAFE_LINK = /^(https?:|mailto:|tel:|ftp:)/i;
const TAG = /<([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*("([^"]*)"|'([^']*)')/g;


const escapeAttribute = (text: string): string => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The chapter's XHTML with pictures as data: URIs and only links out of the book kept. */
function inlineChapter(body: string, dir: string, picture: (href: string) => string | undefined): string {
  return body.replace(TAG, (whole, name: string, rest: string, selfClosing: string) => {
    const tag = name.toLowerCase();
    if (tag !== "img" && tag !== "image" && tag !== "a") return whole;
    const attributes: string[] = [];
    for (const attribute of rest.matchAll(ATTRIBUTE)) {
      const key = attribute[1]!.toLowerCase();
      const value = attribute[3] ?? attribute[4] ?? "";
      if (tag === "a" && key === "href") {
        if (SAFE_LINK.test(value.trim())) attributes.push(` href="${value}"`);
      } else if (tag !== "a" && (key === "src" || key === "xlink:href" || key === "href")) {
        const plain = value.replace(/&amp;/g, "&");
        const uri = picture(plain) ?? picture(`${dir}/${plain}`);
        // a picture the book lacks is dropped by htmlToModel with a note, as a linked one
        attributes.push(` src="${uri ?? escapeAttribute(plain)}"`);
      } else attributes.push(` ${attribute[1]}="${value}"`);
    }
    // SVG's <image> is a picture like any other
    const out = tag === "image" ? "img" : name;
    return `<${out}${attributes.join("")}${selfClosing || tag === "image" ? "/" : ""}>`;
  });
}

/**
 * `book` as the document model; what could not be kept is added to `book.notes` (and the model's).
 * Throws EbookError when a chapter nests beyond htmlToModel's limit.
 */
export function bookToModel(book: Book): DocModel {
  if (book.chapters.length > MAX_CHAPTERS) throw new EbookError(`The book has ${book.chapters.length} chapters; at most ${MAX_CHAPTERS} can be written.`, "too-large");
  const resources = new Map<string, BookResource>();
  for (const resource of book.resources) if (!resources.has(normalizeBookHref(resource.href))) resources.set(normalizeBookHref(resource.href), resource);
  const uris = new Map<string, string>();
  const picture = (href: string): string | undefined => {
    const key = normalizeBookHref(href);
    if (uris.has(key)) return uris.get(key);
    const resource = resources.get(key);
    if (resource === undefined || !resource.mediaType.startsWith("image/")) return undefined;
    const kind = pictureInfo(resource.data).kind;
    const type = kind === "png" || kind === "jpeg" ? `image/${kind}` : resource.mediaType;
    const uri = `data:${type};base64,${base64Encode(resource.data)}`;
    uris.set(key, uri);
    return uri;
  };

  const notes: string[] = [];
  const blocks: Block[] = [];
  const hasCoverChapter = book.chapters.some((c) => c.role === "cover");
  if (book.coverHref !== undefined && !hasCoverChapter) {
    const cover = convert(`<p><img src="${picture(book.coverHref) ?? ""}" alt="Cover"/></p>`, notes);
    if (cover.length > 0) blocks.push(...cover);
  }
  for (const chapter of book.chapters) {
    const dir = chapter.href.split("/").slice(0, -1).join("/");
    const chapterBlocks = convert(inlineChapter(chapter.body, dir, picture), notes);
    if (chapterBlocks.length === 0) continue;
    if (blocks.length > 0) blocks.push({ kind: "page-break" });
    blocks.push(...chapterBlocks);
  }

  // the pipeline shows the book's notes with the result, so what was lost here joins them
  for (const note of notes) if (!book.notes.includes(note)) book.notes.push(note);
  const model: DocModel = { blocks, notes: [...book.notes] };
  const title = book.metadata.title.trim();
  if (title !== "") model.title = title;
  if (book.metadata.authors.length > 0) model.author = book.metadata.authors.join(", ");
  if (book.metadata.language.trim() !== "" && book.metadata.language !== "und") model.language = book.metadata.language.trim();
  return model;
}

/** htmlToModel, its failures said as the ebook's. */
function convert(html: string, notes: string[]): Block[] {
  try {
    return htmlToModel(html, { notes });
  } catch (error) {
    if (error instanceof CodecFailure && !(error instanceof EbookError)) {
      const code: EbookErrorCode = error.code === "too-large" || error.code === "too-much-work" ? error.code : "damaged";
      throw new EbookError(error.message, code, { cause: error });
    }
    throw error;
  }
}
