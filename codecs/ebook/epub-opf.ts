// The OPF package document: metadata (Dublin Core, EPUB 3 refinements, calibre's series), the
// manifest, the spine and the EPUB 2 guide.
import type { BookMetadata } from "./book.ts";
import { EbookError } from "./ebook-error.ts";
import { attr, childElements, descendants, firstChild, parseXml, textOf, type XmlElement } from "./epub-xml.ts";

export interface ManifestItem {
  id: string;
  /** the path inside the zip */
  path: string;
  mediaType: string;
  properties: string[];
}

export interface SpineItem {
  idref: string;
  linear: boolean;
}

export interface Package {
  version: string;
  metadata: BookMetadata;
  manifest: Map<string, ManifestItem>;
  spine: SpineItem[];
  /** the spine's toc attribute (EPUB 2 NCX) */
  tocId?: string;
  /** EPUB 2 <meta name="cover" content="id"> */
  coverId?: string;
  /** guide references by type ("cover", "toc"...), as zip paths with fragments */
  guide: { type: string; href: string }[];
  /** every dc:identifier, the unique one first (font obfuscation keys on them) */
  identifiers: string[];
  /** EPUB 3's rendition:layout pre-paginated, or the older fixed-layout meta of Apple and Amazon */
  fixedLayout: boolean;
  /** the spine's page-progression-direction="rtl" (manga, Arabic and Hebrew books) */
  rightToLeft: boolean;
}

function damaged(why: string): EbookError {
  return new EbookError(`This EPUB cannot be read: ${why}.`, "damaged");
}

/** More files than any book lists (the zip guard already stops at 20 000 entries). */
export const MAX_MANIFEST_ITEMS = 50_000;

const AUTHOR_ROLES = new Set(["aut", "author"]);

function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function readMetadata(pkg: XmlElement, metadata: XmlElement): BookMetadata {
  const dc = (name: string): XmlElement[] => descendants(metadata, name).filter((e) => e.name.toLowerCase().startsWith("dc:") || e.name.toLowerCase() === name);
  const metas = descendants(metadata, "meta");
  // EPUB 3: <meta refines="#id" property="role">aut</meta>
  const refinement = (id: string | undefined, property: string): string | undefined => {
    if (!id) return undefined;
    const found = metas.find((m) => m.attrs.refines === `#${id}` && m.attrs.property === property);
    return found ? textOf(found) : undefined;
  };
  const named = (name: string): string | undefined => metas.find((m) => m.attrs.name === name)?.attrs.content;

  const titles = dc("title");
  const mainTitle = titles.find((t) => refinement(t.attrs.id, "title-type") === "main") ?? titles[0];
  const creators = dc("creator").map((c) => ({ name: textOf(c), role: (attr(c, "role") ?? refinement(c.attrs.id, "role") ?? "").toLowerCase() }));
  const authors = creators.filter((c) => c.role === "" || AUTHOR_ROLES.has(c.role)).map((c) => c.name).filter((n) => n !== "");

  const uniqueId = pkg.attrs["unique-identifier"];
  const identifiers = dc("identifier");
  const identifier = identifiers.find((i) => uniqueId !== undefined && i.attrs.id === uniqueId) ?? identifiers[0];
  const dates = dc("date");
  const date = dates.find((d) => (attr(d, "event") ?? "publication") === "publication") ?? dates[0];

  const result: BookMetadata = {
    title: mainTitle ? textOf(mainTitle) : "",
    authors: authors.length > 0 ? authors : creators.map((c) => c.name).filter((n) => n !== ""),
    language: dc("language").map(textOf).find((l) => l !== "") ?? "und",
  };
  const id = optional(identifier ? textOf(identifier) : undefined);
  if (id) result.identifier = id;
  const publisher = optional(dc("publisher").map(textOf)[0]);
  if (publisher) result.publisher = publisher;
  // calibre and many shops store the description as HTML: keep its text
  const rawDescription = dc("description").map(textOf)[0];
  const description = optional(rawDescription !== undefined && /<[a-z][^>]*>/i.test(rawDescription) ? textOf(parseXml(rawDescription, "html", "description")) : rawDescription);
  if (description) result.description = description;
  const dateText = optional(date ? textOf(date) : undefined);
  if (dateText) result.date = dateText;
  const subjects = dc("subject").map(textOf).filter((s) => s !== "");
  if (subjects.length > 0) result.subjects = subjects;

  // calibre's series, else EPUB 3's collection of type "series"
  const collection = metas.find((m) => m.attrs.property === "belongs-to-collection" && refinement(m.attrs.id, "collection-type") !== "set");
  const series = optional(named("calibre:series")) ?? optional(collection ? textOf(collection) : undefined);
  if (series) {
    result.series = series;
    const index = Number(named("calibre:series_index") ?? refinement(collection?.attrs.id, "group-position"));
    if (Number.isFinite(index) && index > 0) result.seriesIndex = index;
  }
  return result;
}

function identifiersOf(pkg: XmlElement, metadata: XmlElement | undefined): string[] {
  if (!metadata) return [];
  const all = descendants(metadata, "identifier");
  const unique = all.filter((i) => i.attrs.id !== undefined && i.attrs.id === pkg.attrs["unique-identifier"]);
  return [...unique, ...all.filter((i) => !unique.includes(i))].map(textOf).filter((t) => t !== "");
}

/** Reads the package document found at `opfPath` (already parsed). */
export function readPackage(document: XmlElement, opfPath: string, resolve: (href: string) => string | undefined): Package {
  const pkg = descendants(document, "package")[0];
  if (!pkg) throw damaged(`its package file "${opfPath}" has no <package> element`);
  const metadata = firstChild(pkg, "metadata");
  const manifestElement = firstChild(pkg, "manifest");
  const spineElement = firstChild(pkg, "spine");
  if (!manifestElement) throw damaged("its package file has no manifest (the list of its files)");
  if (!spineElement) throw damaged("its package file has no spine (the reading order of its chapters)");

  const manifest = new Map<string, ManifestItem>();
  const items = childElements(manifestElement, "item");
  if (items.length > MAX_MANIFEST_ITEMS) {
    throw new EbookError(`This book's manifest lists ${items.length} files; no real book has more than ${MAX_MANIFEST_ITEMS}.`, "too-much-work");
  }
  for (const item of items) {
    const id = item.attrs.id;
    const href = item.attrs.href;
    if (!id || !href) continue;
    const path = resolve(href);
    if (path === undefined) continue;
    manifest.set(id, { id, path, mediaType: (item.attrs["media-type"] ?? "").toLowerCase().split(";")[0]!.trim(), properties: (item.attrs.properties ?? "").split(/\s+/).filter(Boolean) });
  }
  const spine: SpineItem[] = childElements(spineElement, "itemref")
    .filter((ref) => ref.attrs.idref)
    .map((ref) => ({ idref: ref.attrs.idref!, linear: ref.attrs.linear !== "no" }));

  const guide: { type: string; href: string }[] = [];
  const guideElement = firstChild(pkg, "guide");
  if (guideElement) {
    for (const ref of childElements(guideElement, "reference")) {
      const path = ref.attrs.href ? resolve(ref.attrs.href) : undefined;
      if (ref.attrs.type && path !== undefined) guide.push({ type: ref.attrs.type.toLowerCase(), href: path });
    }
  }
  const metas = metadata ? descendants(metadata, "meta") : [];
  const coverMeta = metas.find((m) => m.attrs.name === "cover");
  const fixedLayout = metas.some((m) => (m.attrs.property === "rendition:layout" && textOf(m) === "pre-paginated") || (m.attrs.name === "fixed-layout" && m.attrs.content === "true"));
  const result: Package = {
    version: pkg.attrs.version ?? "2.0",
    metadata: metadata ? readMetadata(pkg, metadata) : { title: "", authors: [], language: "und" },
    manifest,
    spine,
    guide,
    identifiers: identifiersOf(pkg, metadata),
    fixedLayout,
    rightToLeft: spineElement.attrs["page-progression-direction"] === "rtl",
  };
  if (spineElement.attrs.toc) result.tocId = spineElement.attrs.toc;
  if (coverMeta?.attrs.content) result.coverId = coverMeta.attrs.content;
  return result;
}
