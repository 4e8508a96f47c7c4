// Spine items that are pictures rather than XHTML (issue 25): fixed-layout picture books, comics
// and manga list their JPEG/PNG pages, or SVG documents showing them, straight in the spine. Each
// becomes a chapter of its own that shows the picture, so every writer gives one page a picture;
// an SVG page keeps the pictures it shows and the words it writes (speech balloons, captions).
import { descendants, escapeAttribute, escapeText, parseXml, textOf, type XmlElement } from "./epub-xml.ts";

/** Media types a spine item may have and still be shown as a page. */
export function isPictureType(mediaType: string, path: string): boolean {
  return /^image\/(jpeg|jpg|png|gif|webp|svg\+xml)$/.test(mediaType) || (mediaType === "" && /\.(jpe?g|png|gif|webp|svg)$/i.test(path));
}

/** A chapter body that shows one picture and, below it, the lines of text that go with it. */
export function picturePageBody(pictures: readonly string[], alt: string, lines: readonly string[] = []): string {
  const images = pictures.map((src) => `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}"/>`).join("");
  const text = lines.map((line) => `<p>${escapeText(line)}</p>`).join("");
  return `<div class="picture-page">${images}</div>${text}`;
}

export interface SvgPage {
  /** the hrefs of the raster pictures it shows, as written (relative to the SVG) */
  pictures: string[];
  /** each <text> element's words, in document order */
  lines: string[];
  /** its <title>, if any */
  title?: string;
}

/** What an SVG page shows: its <image>s and the words of its <text> elements. */
export function readSvgPage(text: string, where: string): SvgPage {
  const document = parseXml(text, "xml", `page "${where}"`);
  const pictures = descendants(document, "image")
    .map((image: XmlElement) => image.attrs["xlink:href"] ?? image.attrs.href ?? "")
    .filter((href) => href.trim() !== "");
  const lines = descendants(document, "text")
    .map(textOf)
    .filter((line) => line !== "");
  const page: SvgPage = { pictures, lines };
  const title = descendants(document, "title").map(textOf).find((t) => t !== "");
  if (title !== undefined) page.title = title;
  return page;
}
