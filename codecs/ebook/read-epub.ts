// EPUB 2 and 3 → the book model (issue 16). The zip is read through the zip-bomb guard, then:
// META-INF/container.xml names the OPF; the OPF gives metadata, manifest and spine; the spine's
// XHTML documents become chapters (cleaned by xhtml-clean.ts); the nav document (EPUB 3) or the NCX
// (EPUB 2) the toc; pictures, stylesheets and fonts become resources. Hrefs in the book are the
// files' paths relative to the OPF's folder, made safe as file names.
// A chapter that is not well-formed XML is read leniently (htmlparser2 recovers) and noted, since
// real books with one bad tag are common and the visitor would rather keep the rest.
import { XMLValidator } from "fast-xml-parser";
import { CodecFailure } from "../common/codec-failure.ts";
import { listZip, readZipEntry, type ZipEntry } from "../document/zip-guard.ts";
import { pictureInfo } from "../document/image-info.ts";
import type { Book, BookChapter, BookLayout, BookResource, TocEntry } from "./book.ts";
import { EbookError, type EbookErrorCode } from "./ebook-error.ts";
import { ADOBE_OBFUSCATION, deobfuscateFont, IDPF_OBFUSCATION } from "./font-obfuscation.ts";
import { readPackage, type ManifestItem, type Package } from "./epub-opf.ts";
import { isPictureType, picturePageBody, readSvgPage } from "./epub-picture-pages.ts";
import { folderOf, isExternal, relativeHref, resolvePath, safeHref, splitFragment } from "./epub-paths.ts";
import { navCoverHref, readNav, readNcx } from "./epub-toc.ts";
import { descendants, parseXml, type XmlElement } from "./epub-xml.ts";
import { cleanChapter, type LinkTarget } from "./xhtml-clean.ts";

/** More chapters than any real book (a 2 000-page novel has a few hundred). */
export const MAX_CHAPTERS = 20_000;
/** All XML and XHTML read together: real books have a few MB of text. */
export const MAX_XML_BYTES = 256 * 1024 * 1024;
/** One XML or XHTML file: single-file books of a whole novel stay far below. */
export const MAX_XML_FILE_BYTES = 64 * 1024 * 1024;
/** How many names a note lists before "and N more". */
const NOTE_NAMES = 5;

/** The algorithms that only hide fonts (IDPF and Adobe obfuscation), not the book's content. */
const FONT_OBFUSCATION = new Set([IDPF_OBFUSCATION, ADOBE_OBFUSCATION]);

/** Chapter types: XHTML, HTML, and OEB 1's document types that early EPUB 2 tools still list. */
const XHTML_TYPES = new Set(["application/xhtml+xml", "text/html", "application/xml", "text/xml", "application/x-dtbook+xml", "text/x-oeb1-document", "text/x-oeb1-html"]);

function isResourceType(mediaType: string): boolean {
  return (
    mediaType.startsWith("image/") ||
    mediaType === "text/css" ||
    mediaType.startsWith("font/") ||
    /^application\/(x-font-|font-|vnd\.ms-opentype)/.test(mediaType)
  );
}

function damaged(why: string): EbookError {
  return new EbookError(`This EPUB cannot be read: ${why}.`, "damaged");
}

function listed(names: string[]): string {
  const shown = names.slice(0, NOTE_NAMES).map((n) => `"${n}"`).join(", ");
  return names.length > NOTE_NAMES ? `${shown} and ${names.length - NOTE_NAMES} more` : shown;
}

/** zip-guard speaks DocumentError with the same codes: said again as an ebook failure. */
function asEbookError(error: unknown, book = false): unknown {
  if (!(error instanceof CodecFailure) || error instanceof EbookError) return error;
  const code: EbookErrorCode = error.code === "too-large" || error.code === "too-much-work" ? error.code : "damaged";
  return new EbookError(book ? error.message.replace("readable document", "readable EPUB book") : error.message, code, { cause: error });
}

/** A spine item: an XHTML chapter, or a picture shown as a page of its own. */
interface SpineEntry {
  item: ManifestItem;
  picture?: "svg" | "raster";
}

class Container {
  readonly bytes: Uint8Array;
  readonly entries: Map<string, ZipEntry>;
  xmlBytes = 0;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    let list: ZipEntry[];
    try {
      list = listZip(bytes);
    } catch (error) {
      throw asEbookError(error, true);
    }
    this.entries = new Map(list.map((entry) => [entry.name, entry]));
    for (const entry of list) if (!this.folded.has(entry.name.toLowerCase())) this.folded.set(entry.name.toLowerCase(), entry);
  }
  /** books made on Windows often name "Images/Cover.JPG" what the zip stores as "images/cover.jpg" */
  private readonly folded = new Map<string, ZipEntry>();
  entry(path: string): ZipEntry | undefined {
    return this.entries.get(path) ?? this.folded.get(path.toLowerCase());
  }
  has(path: string): boolean {
    return this.entry(path) !== undefined;
  }
  read(path: string): Uint8Array | undefined {
    const entry = this.entry(path);
    if (!entry) return undefined;
    try {
      return readZipEntry(this.bytes, entry);
    } catch (error) {
      throw asEbookError(error);
    }
  }
  /** A text file, counted against MAX_XML_BYTES before it is unpacked. */
  text(path: string): string | undefined {
    const entry = this.entry(path);
    if (!entry) return undefined;
    if (entry.uncompressedSize > MAX_XML_FILE_BYTES) {
      throw new EbookError(`This book's file "${path}" holds ${Math.round(entry.uncompressedSize / 1024 / 1024)} MB of markup, far beyond any real book (the limit is ${MAX_XML_FILE_BYTES / 1024 / 1024} MB).`, "too-large");
    }
    this.xmlBytes += entry.uncompressedSize;
    if (this.xmlBytes > MAX_XML_BYTES) {
      throw new EbookError(`This book holds more than ${MAX_XML_BYTES / 1024 / 1024} MB of text markup, far beyond any real book.`, "too-large");
    }
    const data = this.read(path)!;
    // UTF-16 books exist (old Adobe tools); everything else is UTF-8
    const utf16 = data[0] === 0xff && data[1] === 0xfe ? "utf-16le" : data[0] === 0xfe && data[1] === 0xff ? "utf-16be" : "utf-8";
    return new TextDecoder(utf16).decode(data);
  }
}

/** Refuses books whose content is encrypted (DRM); returns the fonts that are only obfuscated, with their algorithm. */
function checkEncryption(zip: Container): Map<string, string> {
  if (zip.has("META-INF/rights.xml")) {
    throw new EbookError("This book is locked with DRM (it carries a rights file from a bookshop's reader app), so it cannot be converted. Only DRM-free books can be.", "drm");
  }
  const obfuscated = new Map<string, string>();
  const text = zip.text("META-INF/encryption.xml");
  if (text === undefined) return obfuscated;
  const document = parseXml(text, "xml", "encryption list");
  const locked: string[] = [];
  for (const data of descendants(document, "encrypteddata")) {
    const algorithm = descendants(data, "encryptionmethod")[0]?.attrs.Algorithm ?? "";
    const uri = descendants(data, "cipherreference")[0]?.attrs.URI ?? "";
    const path = resolvePath("", uri) ?? uri;
    if (FONT_OBFUSCATION.has(algorithm)) obfuscated.set(path, algorithm);
    else locked.push(path);
  }
  if (locked.length > 0) {
    throw new EbookError(
      `This book is locked with DRM: ${locked.length} of its files (${listed(locked)}) are encrypted, so it cannot be converted. Only DRM-free books can be.`,
      "drm",
    );
  }
  return obfuscated;
}

function findOpf(zip: Container): string {
  const text = zip.text("META-INF/container.xml");
  if (text === undefined) {
    // some tools forget the container: a single OPF at any place is unambiguous
    const opfs = [...zip.entries.keys()].filter((name) => name.toLowerCase().endsWith(".opf"));
    if (opfs.length === 1) return opfs[0]!;
    throw damaged("META-INF/container.xml, which says where the book's package file is, is missing");
  }
  const rootfiles = descendants(parseXml(text, "xml", "container.xml"), "rootfile");
  const rootfile = rootfiles.find((r) => r.attrs["media-type"] === "application/oebps-package+xml") ?? rootfiles[0];
  const path = rootfile?.attrs["full-path"];
  if (!path) throw damaged("META-INF/container.xml names no package file");
  const resolved = resolvePath("", path);
  if (resolved === undefined || !zip.has(resolved)) throw damaged(`its package file "${path}" is missing`);
  return resolved;
}

/** Hands out unique, file-name-safe hrefs for zip paths, relative to the OPF's folder. */
class Hrefs {
  private readonly opfFolder: string;
  private readonly byPath = new Map<string, string>();
  private readonly taken = new Set<string>();
  constructor(opfFolder: string) {
    this.opfFolder = opfFolder;
  }
  assign(path: string): string {
    const known = this.byPath.get(path);
    if (known !== undefined) return known;
    const href = this.fresh(path);
    this.byPath.set(path, href);
    return href;
  }
  /** A new chapter name beside the picture at `path`, for the page that shows it. */
  page(path: string): string {
    return this.fresh(`${path.replace(/\.[^./]*$/, "")}.xhtml`);
  }
  private fresh(path: string): string {
    const relative = path.startsWith(this.opfFolder) ? path.slice(this.opfFolder.length) : path;
    let href = safeHref(relative) || "file";
    if (this.taken.has(href.toLowerCase())) {
      const dot = href.lastIndexOf(".");
      const [stem, extension] = dot > href.lastIndexOf("/") ? [href.slice(0, dot), href.slice(dot)] : [href, ""];
      let n = 2;
      while (this.taken.has(`${stem}-${n}${extension}`.toLowerCase())) n++;
      href = `${stem}-${n}${extension}`;
    }
    this.taken.add(href.toLowerCase());
    return href;
  }
  get(path: string): string | undefined {
    return this.byPath.get(path);
  }
}

/** Reads an EPUB 2 or 3 file into the book model; throws EbookError for what it cannot read. */
export function readEpub(bytes: Uint8Array): Book {
  const zip = new Container(bytes);
  const obfuscated = checkEncryption(zip);
  const opfPath = findOpf(zip);
  const opfFolder = folderOf(opfPath);
  const opfText = zip.text(opfPath)!;
  const opf = readPackage(parseXml(opfText, "xml", "package file"), opfPath, (href) => resolvePath(opfFolder, splitFragment(href).path));
  const notes: string[] = [];
  const hrefs = new Hrefs(opfFolder);

  // the spine: each manifest item once, linear ones first (non-linear ones are asides such as notes)
  if (opf.spine.length > MAX_CHAPTERS) {
    throw new EbookError(`This book lists ${opf.spine.length} chapters; no real book has more than ${MAX_CHAPTERS}.`, "too-large");
  }
  // pictures in the spine (fixed-layout picture books, comics) become pages of their own
  const spineItems: SpineEntry[] = [];
  const listedOnce = new Set<string>();
  /** the XHTML chapters' zip paths */
  const seen = new Set<string>();
  /** a picture in the spine → the chapter that shows it */
  const pages = new Map<string, string>();
  const skipped: string[] = [];
  for (const ref of [...opf.spine.filter((r) => r.linear), ...opf.spine.filter((r) => !r.linear)]) {
    const item = opf.manifest.get(ref.idref);
    if (!item || listedOnce.has(item.path)) continue;
    listedOnce.add(item.path);
    const picture = isPictureType(item.mediaType, item.path);
    if (!picture && !XHTML_TYPES.has(item.mediaType) && !/\.x?html?$/i.test(item.path)) skipped.push(item.path);
    else if (!zip.has(item.path)) notes.push(`The ${picture ? "page" : "chapter"} "${item.path}" is listed but missing from the file; it was left out.`);
    else if (picture) {
      spineItems.push({ item, picture: item.mediaType === "image/svg+xml" || /\.svg$/i.test(item.path) ? "svg" : "raster" });
    } else {
      seen.add(item.path);
      spineItems.push({ item });
    }
  }
  if (skipped.length > 0) notes.push(`Chapters that are neither XHTML nor pictures were left out: ${listed(skipped)}.`);
  if (spineItems.length === 0) throw damaged("its spine (the reading order) names no chapter or page picture that the file holds");
  for (const { item, picture } of spineItems) {
    if (picture === undefined) hrefs.assign(item.path);
    else pages.set(item.path, hrefs.page(item.path));
  }

  // resources: pictures, stylesheets and fonts from the manifest
  const resources: BookResource[] = [];
  const resourcePaths = new Set<string>();
  const missingResources: string[] = [];
  const hiddenFonts: string[] = [];
  for (const item of opf.manifest.values()) {
    if (!isResourceType(item.mediaType) || resourcePaths.has(item.path) || seen.has(item.path)) continue;
    let data = zip.read(item.path);
    if (!data) {
      missingResources.push(item.path);
      continue;
    }
    const algorithm = obfuscated.get(item.path);
    if (algorithm !== undefined) {
      const font = data;
      // IDPF keys on the unique identifier; Adobe on whichever identifier is a UUID
      const plain = opf.identifiers.map((id) => deobfuscateFont(font, algorithm, id)).find((d) => d !== undefined);
      if (!plain || (algorithm === IDPF_OBFUSCATION && opf.identifiers.length === 0)) {
        hiddenFonts.push(item.path);
        continue;
      }
      data = plain;
    }
    resourcePaths.add(item.path);
    resources.push({ href: hrefs.assign(item.path), mediaType: item.mediaType, data });
  }
  // stylesheets point at fonts and pictures by their old paths: rewrite them to the new hrefs
  for (const resource of resources) {
    if (resource.mediaType !== "text/css") continue;
    const cssPath = [...resourcePaths].find((path) => hrefs.get(path) === resource.href)!;
    const css = new TextDecoder().decode(resource.data);
    const rewritten = css.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g, (whole, _quote: string, url: string) => {
      if (isExternal(url) || url.trim() === "") return whole;
      const { path, fragment } = splitFragment(url.trim());
      const target = resolvePath(folderOf(cssPath), path);
      const href = target === undefined ? undefined : hrefs.get(target);
      if (href === undefined || !resourcePaths.has(target!)) return whole;
      return `url("${relativeHref(resource.href, href)}${fragment === "" ? "" : `#${fragment}`}")`;
    });
    if (rewritten !== css) resource.data = new TextEncoder().encode(rewritten);
  }
  if (missingResources.length > 0) notes.push(`Files listed in the book but missing from it: ${listed(missingResources)}.`);
  if (hiddenFonts.length > 0) notes.push(`Embedded fonts that the publisher obfuscated without a usable key were left out (readers fall back to their own fonts): ${listed(hiddenFonts)}.`);

  /** A link written in the file at `fromPath`, resolved to the book. */
  const resolveLink = (fromPath: string, url: string): LinkTarget => {
    const trimmed = url.trim();
    if (isExternal(trimmed)) return { kind: "external", url: trimmed };
    const { path, fragment } = splitFragment(trimmed);
    const target = path === "" ? fromPath : resolvePath(folderOf(fromPath), path);
    if (target === undefined) return { kind: "missing" };
    if (resourcePaths.has(target)) return { kind: "resource", href: hrefs.get(target)! };
    if (seen.has(target) && hrefs.get(target) !== undefined) {
      const href = hrefs.get(target)!;
      return { kind: "chapter", href: fragment === "" ? href : `${href}#${fragment}` };
    }
    return { kind: "missing" };
  };
  const tocTarget = (fromPath: string) => (url: string): string | undefined => {
    const path = resolvePath(folderOf(fromPath), splitFragment(url.trim()).path);
    const page = path === undefined ? undefined : pages.get(path);
    if (page !== undefined) return page;
    const target = resolveLink(fromPath, url);
    return target.kind === "chapter" ? target.href : undefined;
  };

  /** The chapter that shows a picture of the spine, or undefined (with a note) when it shows nothing. */
  const picturePage = (item: ManifestItem, kind: "svg" | "raster"): { chapter: BookChapter; firstImage?: string } | undefined => {
    const href = pages.get(item.path)!;
    const name = item.path.slice(item.path.lastIndexOf("/") + 1);
    if (kind === "raster") {
      const src = hrefs.get(item.path);
      if (src === undefined || !resourcePaths.has(item.path)) return undefined;
      return { chapter: { href, body: picturePageBody([src], name), role: "body" }, firstImage: src };
    }
    const svg = readSvgPage(zip.text(item.path)!, item.path);
    const shown = svg.pictures.map((url) => resolveLink(item.path, url)).flatMap((target) => (target.kind === "resource" ? [target.href] : []));
    // a drawing with no picture inside is shown itself (readers that cannot draw SVG keep its words)
    const src = shown.length > 0 ? shown : resourcePaths.has(item.path) ? [hrefs.get(item.path)!] : [];
    if (shown.length > 0) drawnAround.add(item.path);
    const chapter: BookChapter = { href, body: picturePageBody(src, svg.title ?? svg.lines.join(" "), svg.lines), role: "body" };
    if (svg.title !== undefined) chapter.title = svg.title;
    return src.length > 0 || svg.lines.length > 0 ? { chapter, ...(src[0] === undefined ? {} : { firstImage: src[0] }) } : undefined;
  };

  /** SVG pages whose pictures are shown instead of the SVG itself: their files are not needed */
  const drawnAround = new Set<string>();

  // chapters
  const chapters: BookChapter[] = [];
  /** the spine item each chapter comes from */
  const chapterItems: ManifestItem[] = [];
  const broken: string[] = [];
  let scripts = 0;
  let forms = 0;
  const external = new Set<string>();
  const missingPictures = new Set<string>();
  const firstImages = new Map<string, string>();
  const pagePictures: string[] = [];
  for (const { item, picture } of spineItems) {
    if (picture !== undefined) {
      const page = picturePage(item, picture);
      if (page === undefined) continue;
      chapters.push(page.chapter);
      chapterItems.push(item);
      if (page.firstImage !== undefined) {
        firstImages.set(item.path, page.firstImage);
        pagePictures.push(page.firstImage);
      }
      continue;
    }
    const text = zip.text(item.path)!;
    const valid = XMLValidator.validate(text);
    if (valid !== true) broken.push(`"${item.path}" (line ${valid.err.line}: ${valid.err.msg})`);
    const cleaned = cleanChapter(parseXml(text, "html", `chapter "${item.path}"`), { resolve: (url) => resolveLink(item.path, url) });
    scripts += cleaned.dropped.scripts;
    forms += cleaned.dropped.forms;
    for (const url of cleaned.dropped.external) external.add(url);
    for (const url of cleaned.dropped.missing) missingPictures.add(url);
    const isNotes = cleaned.isNotes || opf.guide.some((ref) => ref.type === "notes" && ref.href === item.path);
    const chapter: BookChapter = { href: hrefs.get(item.path)!, body: cleaned.body, role: isNotes ? "notes" : "body" };
    if (cleaned.title) chapter.title = cleaned.title;
    if (cleaned.stylesheets.length > 0) chapter.stylesheets = cleaned.stylesheets;
    if (cleaned.firstImage) firstImages.set(item.path, cleaned.firstImage);
    chapters.push(chapter);
    chapterItems.push(item);
  }
  if (broken.length > 0) {
    notes.push(`${broken.length === 1 ? "A chapter is" : `${broken.length} chapters are`} not well-formed XML and ${broken.length === 1 ? "was" : "were"} read leniently, so some of ${broken.length === 1 ? "its" : "their"} markup may be lost: ${broken.slice(0, NOTE_NAMES).join("; ")}${broken.length > NOTE_NAMES ? ` and ${broken.length - NOTE_NAMES} more` : ""}.`);
  }
  if (scripts > 0) notes.push(`${scripts} script${scripts === 1 ? " was" : "s were"} removed.`);
  if (forms > 0) notes.push(`${forms} form field${forms === 1 ? " was" : "s were"} kept as plain text (their values and choices), since ebooks cannot be filled in.`);
  if (missingPictures.size > 0) notes.push(`Pictures the chapters show but the book does not hold were left out: ${listed([...missingPictures])}.`);
  if (external.size > 0) notes.push(`Pictures and stylesheets fetched from the web were left out: ${listed([...external])}.`);

  // toc: the nav document, else the NCX
  let toc: TocEntry[] = [];
  let navDocument: XmlElement | undefined;
  let navPath: string | undefined;
  const navItem = [...opf.manifest.values()].find((item) => item.properties.includes("nav"));
  if (navItem && zip.has(navItem.path)) {
    navPath = navItem.path;
    navDocument = parseXml(zip.text(navItem.path)!, "html", "navigation document");
    toc = readNav(navDocument, tocTarget(navItem.path));
  }
  if (toc.length === 0) {
    const ncxItem = (opf.tocId ? opf.manifest.get(opf.tocId) : undefined) ?? [...opf.manifest.values()].find((item) => item.mediaType === "application/x-dtbncx+xml");
    if (ncxItem && zip.has(ncxItem.path)) toc = readNcx(parseXml(zip.text(ncxItem.path)!, "xml", "table of contents (NCX)"), tocTarget(ncxItem.path));
  }

  // titles from the toc: an entry for the whole chapter names it, else its first entry with an anchor
  const tocTitles = new Map<string, string>();
  const flat: TocEntry[] = [];
  const pending = [...toc];
  for (let next = 0; next < pending.length; next++) {
    const entry = pending[next]!;
    flat.push(entry);
    for (const child of entry.children) pending.push(child);
  }
  for (const whole of [true, false]) {
    for (const entry of flat) {
      const { path, fragment } = splitFragment(entry.target);
      if ((fragment === "") === whole && !tocTitles.has(path)) tocTitles.set(path, entry.title);
    }
  }
  for (const chapter of chapters) {
    const title = tocTitles.get(chapter.href);
    if (title) chapter.title = title;
  }

  // cover: EPUB 3's cover-image, EPUB 2's meta, else the cover page's first picture
  let coverHref: string | undefined;
  const coverItem = [...opf.manifest.values()].find((item) => item.properties.includes("cover-image")) ?? (opf.coverId ? opf.manifest.get(opf.coverId) : undefined);
  if (coverItem && resourcePaths.has(coverItem.path)) coverHref = hrefs.get(coverItem.path);
  if (coverHref === undefined && opf.coverId) {
    // calibre and others sometimes put the picture's href in the meta instead of its id
    const byHref = resolvePath(opfFolder, opf.coverId);
    if (byHref !== undefined && resourcePaths.has(byHref)) coverHref = hrefs.get(byHref);
  }
  const landmark = navDocument && navPath ? navCoverHref(navDocument) : undefined;
  const coverPagePath =
    opf.guide.find((ref) => ref.type === "cover")?.href ??
    (landmark && navPath ? resolvePath(folderOf(navPath), splitFragment(landmark).path) : undefined);
  if (coverHref === undefined && coverPagePath !== undefined) coverHref = firstImages.get(coverPagePath);
  if (coverHref !== undefined && !resources.some((r) => r.href === coverHref && r.mediaType.startsWith("image/"))) coverHref = undefined;
  if (coverHref === undefined) {
    // the last resort of many readers: a picture whose id or name says "cover"
    const named = [...opf.manifest.values()].find((item) => item.mediaType.startsWith("image/") && resourcePaths.has(item.path) && /cover/i.test(`${item.id} ${item.path}`));
    if (named) coverHref = hrefs.get(named.path);
  }

  // the cover page: a chapter that only shows the cover picture
  for (const [index, item] of chapterItems.entries()) {
    const chapter = chapters[index]!;
    const onlyPicture = chapter.body.replace(/<[^>]*>/g, "").trim() === "" && firstImages.get(item.path) !== undefined;
    if (onlyPicture && (item.path === coverPagePath || firstImages.get(item.path) === coverHref)) chapter.role = "cover";
  }

  const metadata = opf.metadata;
  if (metadata.title === "") notes.push("The book has no title.");
  const unused = new Set([...drawnAround].map((path) => hrefs.get(path)));
  const kept = resources.filter((resource) => !unused.has(resource.href) || resource.href === coverHref);
  const book: Book = { metadata, chapters, resources: kept, toc, notes };
  if (coverHref !== undefined) book.coverHref = coverHref;
  // the page size: the first page picture's, else the first picture an XHTML page shows
  const sized = pagePictures.length > 0 ? pagePictures : [...firstImages.values()].slice(0, 1);
  const layout = layoutOf(opf, sized.map((href) => resources.find((r) => r.href === href)));
  if (layout !== undefined) book.layout = layout;
  return book;
}

/** The book's layout: fixed when the package says so, right to left when its spine does; the page size from the first page picture. */
function layoutOf(opf: Package, pictures: (BookResource | undefined)[]): BookLayout | undefined {
  if (!opf.fixedLayout && !opf.rightToLeft) return undefined;
  const layout: BookLayout = { fixed: opf.fixedLayout };
  if (opf.rightToLeft) layout.rightToLeft = true;
  const first = pictures.find((picture) => picture !== undefined);
  const info = first === undefined ? undefined : pictureInfo(first.data);
  if (info !== undefined && info.width > 0 && info.height > 0) {
    layout.width = info.width;
    layout.height = info.height;
  }
  return layout;
}
