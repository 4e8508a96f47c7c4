// The KF8 text of a book (issue 16): flow 0 holds every chapter as a skeleton and its fragments, the
// next flows hold the stylesheets (linked as kindle:flow:XXXX?mime=text/css). Once every chapter is
// cut, the link placeholders become kindle:pos:fid:XXXX:off:YYYYYYYYYY: the number of the fragment a
// target lies in and the target's offset in it (both base 32), which is how Kindle addresses a place.
import type { Book, BookChapter } from "../book.ts";
import { escapeAttribute, escapeText } from "../epub-xml.ts";
import { folderOf, isExternal, resolvePath, safeDecodeUri, splitFragment } from "../epub-paths.ts";
import { LINK_PATTERN, prepareChapter, type LinkTarget, type MarkupContext } from "./kf8-markup.ts";
import { cutFile, type Fragment, type SkeletonFile } from "./kf8-skeleton.ts";
import { base32 } from "./kf8-text.ts";
import { concatBytes } from "#codecs/common/bytes.ts";

/** A place in the text: the fragment it lies in, its offset there, and its offset in flow 0. */
export interface Position {
  fragment: number;
  offset: number;
  flowOffset: number;
}

export interface Kf8Layout {
  /** flow 0 (the chapters), then one flow per stylesheet, as UTF-8 */
  flows: Uint8Array[];
  files: SkeletonFile[];
  fragments: Fragment[];
  /** where a chapter (by index) and an id in it lead: the id's element, or the chapter's start */
  locate(chapter: number, id: string): Position;
  /** a TOC or guide target ("href" or "href#id") → its chapter and id, undefined when not in the book */
  resolveTarget(target: string): LinkTarget | undefined;
}

const encoder = new TextEncoder();

/** Lays out `book`'s chapters and stylesheets; `imageRecord` gives a picture's 1-based resource number. */
export function layOutBook(book: Book, imageRecord: ReadonlyMap<string, number>, onChapter: (done: number) => void): Kf8Layout {
  const chapterIndex = new Map<string, number>();
  book.chapters.forEach((chapter, index) => {
    if (!chapterIndex.has(chapter.href)) chapterIndex.set(chapter.href, index);
  });
  const mediaTypes = new Map(book.resources.map((resource) => [resource.href, resource.mediaType.toLowerCase()]));
  const embed = (href: string): string | undefined => {
    const record = imageRecord.get(href) ?? imageRecord.get(safeDecodeUri(href));
    if (record === undefined) return undefined;
    const mime = mediaTypes.get(href) ?? mediaTypes.get(safeDecodeUri(href)) ?? "image/jpeg";
    // fonts go without a ?mime= part, as Kindle tools write them
    return mime.startsWith("image/") ? `kindle:embed:${base32(record, 4)}?mime=${mime}` : `kindle:embed:${base32(record, 4)}`;
  };

  // stylesheets: flow 1, 2... in the order of the book's resources
  const cssFlows = new Map<string, number>();
  const cssResources = book.resources.filter((resource) => resource.mediaType.toLowerCase() === "text/css");
  cssResources.forEach((resource, index) => cssFlows.set(resource.href, index + 1));
  const decoder = new TextDecoder();
  const cssTexts = cssResources.map((resource) => rewriteCss(decoder.decode(resource.data), resource.href, embed, cssFlows));

  const resolveTarget = (target: string): LinkTarget | undefined => {
    const { path, fragment } = splitFragment(target);
    const chapter = chapterIndex.get(path) ?? chapterIndex.get(safeDecodeUri(path));
    return chapter === undefined ? undefined : { chapter, id: safeDecodeUri(fragment) };
  };

  const links: LinkTarget[] = [];
  const aidCounter = { next: 0 };
  const files: SkeletonFile[] = [];
  const fragments: Fragment[] = [];
  let flowOffset = 0;
  book.chapters.forEach((chapter, fileNumber) => {
    const context: MarkupContext = {
      imageSrc: (src) => {
        const url = embed(src);
        return url?.includes("?mime=image/") ? url : undefined;
      },
      linkTarget: (href) => {
        if (isExternal(href)) return /^(https?|mailto|ftp):/i.test(href) ? "external" : undefined;
        if (href.startsWith("#")) return { chapter: fileNumber, id: safeDecodeUri(href.slice(1)) };
        return resolveTarget(href);
      },
      links,
      aidCounter,
    };
    const prepared = prepareChapter(chapter.body, context);
    const head = documentHead(book, chapter, cssFlows, prepared.bodyAid);
    const file = cutFile(fileNumber, head, "</body></html>", prepared.bodyAid, prepared.nodes, flowOffset, fragments.length);
    files.push(file);
    fragments.push(...file.fragments);
    flowOffset += file.length + file.fragments.reduce((sum, fragment) => sum + fragment.length, 0);
    onChapter(fileNumber + 1);
  });

  const locate = (chapter: number, id: string): Position => {
    const file = files[chapter];
    if (file === undefined) return { fragment: 0, offset: 0, flowOffset: 0 };
    const flowPos = (id === "" ? undefined : file.anchors.get(id)) ?? file.firstFragmentPos;
    return positionOf(fragments, flowPos);
  };

  const link = (number: string): string => {
    const target = links[parseInt(number, 32)];
    const position = target === undefined ? { fragment: 0, offset: 0 } : locate(target.chapter, target.id);
    return `kindle:pos:fid:${base32(position.fragment, 4)}:off:${base32(position.offset, 10)}`;
  };
  const parts: Uint8Array[] = [];
  for (const file of files) {
    parts.push(encoder.encode(file.text.replace(LINK_PATTERN, (_match, number: string) => link(number))));
    for (const fragment of file.fragments) {
      fragment.text = fragment.text.replace(LINK_PATTERN, (_match, number: string) => link(number));
      parts.push(encoder.encode(fragment.text));
    }
  }
  const flow0 = concatBytes(parts);
  // the positions were counted while cutting; the encoder must agree, or every link would be off
  if (flow0.length !== flowOffset) throw new Error(`KF8 layout: the text came out ${flow0.length} bytes long instead of ${flowOffset}`);
  const flows = [flow0, ...cssTexts.map((css) => encoder.encode(css))];
  return { flows, files, fragments, locate, resolveTarget };
}

/** The fragment holding flow offset `flowPos` (or, in the skeleton between fragments, the next one). */
export function positionOf(fragments: readonly Fragment[], flowPos: number): Position {
  if (fragments.length === 0) return { fragment: 0, offset: 0, flowOffset: flowPos };
  let low = 0;
  let high = fragments.length - 1;
  // the last fragment starting at or before flowPos
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (fragments[middle]!.insertPos <= flowPos) low = middle;
    else high = middle - 1;
  }
  const found = fragments[low]!;
  if (found.insertPos > flowPos) return { fragment: found.sequence, offset: 0, flowOffset: found.insertPos };
  if (flowPos < found.insertPos + found.length || low === fragments.length - 1) return { fragment: found.sequence, offset: flowPos - found.insertPos, flowOffset: flowPos };
  const next = fragments[low + 1]!;
  return { fragment: next.sequence, offset: 0, flowOffset: next.insertPos };
}

function documentHead(book: Book, chapter: BookChapter, cssFlows: ReadonlyMap<string, number>, bodyAid: string): string {
  const language = book.metadata.language && book.metadata.language !== "und" ? ` lang="${escapeAttribute(book.metadata.language)}"` : "";
  const title = escapeText(chapter.title ?? book.metadata.title ?? "");
  let links = "";
  for (const href of chapter.stylesheets ?? []) {
    const flow = cssFlows.get(href);
    if (flow !== undefined) links += `<link href="kindle:flow:${base32(flow, 4)}?mime=text/css" rel="stylesheet" type="text/css"/>`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"${language}><head><title>${title}</title><meta http-equiv="Content-Type" content="text/html; charset=utf-8"/>${links}</head><body aid="${bodyAid}">`;
}

/** Points a stylesheet's url(...) at resource records and its @import at other flows; drops what the book lacks. */
function rewriteCss(css: string, href: string, embed: (href: string) => string | undefined, cssFlows: ReadonlyMap<string, number>): string {
  const folder = folderOf(href);
  const resolve = (url: string) => (isExternal(url) ? undefined : resolvePath(folder, url));
  const withImports = css.replace(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)["']?\s*\)?([^;]*);/gi, (_match, url: string, media: string) => {
    const target = resolve(url);
    const flow = target === undefined ? undefined : cssFlows.get(target);
    return flow === undefined ? "" : `@import url(kindle:flow:${base32(flow, 4)}?mime=text/css)${media};`;
  });
  return withImports.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi, (match, _quote: string, url: string) => {
    if (url.startsWith("kindle:")) return match;
    const target = resolve(url.trim());
    const src = target === undefined ? undefined : embed(target);
    return src === undefined ? "url()" : `url(${src})`;
  });
}



