// The one book model the ebook readers produce and the writers consume (issue 16): EPUB, FB2, MOBI
// and AZW3 are read into it; EPUB, AZW3, MOBI, TXT, HTML, PDF and DOCX are written from it.
// Chapters stay XHTML (what EPUB and KF8 both store), cleaned to a known subset by the readers, so
// the EPUB and Kindle writers pass them through and the PDF/DOCX writers go through htmlToModel
// (codecs/document/html-to-model.ts).

export interface BookMetadata {
  title: string;
  /** in display order, "First Last" */
  authors: string[];
  /** BCP 47 ("en", "ru"); "und" when the source says nothing */
  language: string;
  /** a stable identifier (ISBN, UUID URN...); writers make a UUID when absent */
  identifier?: string;
  publisher?: string;
  description?: string;
  /** ISO 8601 date or year */
  date?: string;
  subjects?: string[];
  series?: string;
  seriesIndex?: number;
}

/** A file of the book other than a chapter: a picture, a stylesheet or a font. */
export interface BookResource {
  /** unique within the book, safe as a file name ("images/cover.jpg") */
  href: string;
  mediaType: string;
  data: Uint8Array;
}

export interface BookChapter {
  /** unique within the book, safe as a file name ("text/chapter-003.xhtml") */
  href: string;
  /** the chapter's own title, when it has one */
  title?: string;
  /**
   * the chapter's body as well-formed XHTML (the children of <body>), links to other chapters as
   * "href#id", pictures as "href" of a resource; elements limited to the readers' common subset
   */
  body: string;
  /** hrefs of stylesheets (resources) it uses, in order */
  stylesheets?: string[];
  /** footnote/endnote chapters are marked so Kindle and EPUB 3 writers can type them */
  role?: "cover" | "notes" | "body";
}

export interface TocEntry {
  title: string;
  /** "chapter-href" or "chapter-href#anchor" */
  target: string;
  children: TocEntry[];
}

/** How the pages are laid out: picture books, comics and manga are fixed-layout, one page a picture. */
export interface BookLayout {
  /** pre-paginated: each chapter is one page (EPUB 3 rendition:layout, Kindle's fixed-layout) */
  fixed: boolean;
  /** pages turn right to left (manga) */
  rightToLeft?: boolean;
  /** the page size in CSS pixels, when the book says it or its first page picture shows it */
  width?: number;
  height?: number;
}

export interface Book {
  metadata: BookMetadata;
  /** absent for ordinary reflowable books */
  layout?: BookLayout;
  /** reading order */
  chapters: BookChapter[];
  resources: BookResource[];
  /** href of the cover picture among the resources */
  coverHref?: string;
  toc: TocEntry[];
  /** what the reader could not keep, for the visitor */
  notes: string[];
}

/** What every book writer takes besides the book. */
export interface BookWriteOptions {
  /** fractions 0 to 1, reported at least once per chapter (the page's progress is chapters done) */
  onProgress?: (fraction: number) => void;
  /** the modification date written into the book; now by default */
  modified?: Date;
}
