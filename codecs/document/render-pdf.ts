// PDF pages as PNG or JPEG images (issue 15: "PDF → PNG/JPG, each page at a chosen DPI and JPEG
// quality, page range"), with pdf.js drawing into a canvas the platform gives: @napi-rs/canvas in
// Node (render-pdf-node.ts), an OffscreenCanvas in the browser worker (app/tools/document/
// pdfjs-browser.ts). The platform also encodes, natively, rather than reading the pixels back for
// our encodePng: for an A4 page at 300 DPI Chromium's convertToBlob wrote the PNG 2-3 times faster
// than getImageData + encodePng (and 6% smaller); in Node @napi-rs/canvas's encode took about the
// same time as encodePng at 150 DPI but off the JavaScript thread and 23% smaller. Both give JPEG.
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from "pdfjs-dist/types/src/display/api";
import type { PageViewport } from "pdfjs-dist/types/src/display/page_viewport";
import { DocumentError } from "./document-error.ts";
import { resolvePageRange, selectedPageCount, type PageRange } from "./page-range.ts";
import { closePdf, openPdf, type PdfjsPlatform } from "./pdfjs.ts";

export type PageImageFormat = "png" | "jpeg";

export const MIN_RENDER_DPI = 72;
export const MAX_RENDER_DPI = 300;
export const DEFAULT_RENDER_DPI = 150;
export const DEFAULT_JPEG_QUALITY = 90;
/** Largest page image, in pixels (an A0 poster at 300 DPI is 140 M; A4 at 300 DPI is 8.7 M). */
export const MAX_PAGE_PIXELS = 50_000_000;
/** Longest side of a page image: the largest canvas Chromium and Firefox make. */
export const MAX_PAGE_SIDE = 32_767;
/** Most pages rendered in one run (choose a page range for more). */
export const MAX_RENDERED_PAGES = 1000;
/** Most pixels over all the pages of one run: the images are held until they are downloaded. */
export const MAX_TOTAL_PIXELS = 1_000_000_000;

/** A canvas of one page's size: pdf.js draws into `context`, then `encode` makes the file. */
export interface PageSurface {
  /** an opaque 2D context (an OffscreenCanvas's or @napi-rs/canvas's, typed as the DOM's for pdf.js) */
  context: CanvasRenderingContext2D;
  /** the canvas as a PNG or JPEG file; quality 1-100 (JPEG only) */
  encode(format: PageImageFormat, quality: number): Promise<Uint8Array>;
  /** frees the pixels (a browser keeps a canvas's memory until its size is set to 0) */
  release(): void;
}

/** Makes page canvases on one platform. */
export interface CanvasProvider {
  surface(width: number, height: number): PageSurface;
}

export interface RenderPdfOptions {
  /** 72-300; the image is round(page size in points × dpi / 72) pixels */
  dpi: number;
  format: PageImageFormat;
  /** JPEG quality 1-100 (default 90); PNG ignores it */
  quality?: number;
  /** from parsePageRange; empty or missing: every page */
  pages?: PageRange;
  password?: string;
  /** each page's image as soon as it is encoded (renderPdfPages) */
  onPage?: (page: RenderedPage) => void;
  /** the share of the chosen pages done, 0..1 */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** 1-based, in the PDF */
  pageNumber: number;
  width: number;
  height: number;
  format: PageImageFormat;
  mimeType: "image/png" | "image/jpeg";
  bytes: Uint8Array;
}

interface PlannedPage {
  pageNumber: number;
  viewport: PageViewport;
  width: number;
  height: number;
}

function checkOptions(options: RenderPdfOptions): number {
  const { dpi, format } = options;
  if (!Number.isFinite(dpi) || dpi < MIN_RENDER_DPI || dpi > MAX_RENDER_DPI) {
    throw new DocumentError(`The resolution must be from ${MIN_RENDER_DPI} to ${MAX_RENDER_DPI} DPI (got ${dpi}).`, "unsupported");
  }
  if (format !== "png" && format !== "jpeg") throw new DocumentError(`Pages can be saved as PNG or JPEG, not "${String(format)}".`, "unsupported");
  const quality = options.quality ?? DEFAULT_JPEG_QUALITY;
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new DocumentError(`The JPEG quality must be a whole number from 1 to 100 (got ${quality}).`, "unsupported");
  }
  return quality;
}

function abortIfAsked(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException("The conversion was cancelled.", "AbortError");
}

/** The chosen page numbers, refused before they are listed when there are too many. */
function choosePages(range: PageRange, pageCount: number): number[] {
  const count = selectedPageCount(range, pageCount);
  if (count > MAX_RENDERED_PAGES) {
    throw new DocumentError(
      `This would make ${count} images; one conversion makes at most ${MAX_RENDERED_PAGES}. Choose a page range, such as 1-${MAX_RENDERED_PAGES}.`,
      "too-much-work",
    );
  }
  return resolvePageRange(range, pageCount);
}

/** The chosen pages' pixel sizes, refused up front when one page or the whole run is too big. */
async function planPages(doc: PDFDocumentProxy, numbers: number[], dpi: number, signal: AbortSignal | undefined): Promise<PlannedPage[]> {
  const planned: PlannedPage[] = [];
  let total = 0;
  for (const pageNumber of numbers) {
    abortIfAsked(signal);
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    if (width * height > MAX_PAGE_PIXELS || width > MAX_PAGE_SIDE || height > MAX_PAGE_SIDE) {
      const { width: w, height: h } = page.getViewport({ scale: 1 });
      const fits = Math.floor(Math.min(72 * Math.sqrt(MAX_PAGE_PIXELS / (w * h)), (72 * MAX_PAGE_SIDE) / Math.max(w, h)));
      const advice = fits >= MIN_RENDER_DPI ? `Choose ${fits} DPI or less.` : "The page is too large to save as an image.";
      throw new DocumentError(
        `Page ${pageNumber} would be ${width} × ${height} pixels at ${dpi} DPI, more than one image may have (${MAX_PAGE_PIXELS / 1e6} million pixels, ${MAX_PAGE_SIDE} on a side). ${advice}`,
        "too-large",
      );
    }
    total += width * height;
    if (total > MAX_TOTAL_PIXELS) {
      throw new DocumentError(
        `The chosen pages at ${dpi} DPI come to over ${MAX_TOTAL_PIXELS / 1e9} billion pixels, more than one conversion makes (page ${pageNumber} is past it). Choose fewer pages or a lower DPI.`,
        "too-much-work",
      );
    }
    planned.push({ pageNumber, viewport, width, height });
  }
  return planned;
}

async function drawPage(page: PDFPageProxy, plan: PlannedPage, surface: PageSurface, signal: AbortSignal | undefined): Promise<void> {
  // pdf.js fills the background itself before drawing; white, as a viewer shows a page
  const task: RenderTask = page.render({ canvas: null, canvasContext: surface.context, viewport: plan.viewport, background: "#ffffff" });
  const cancel = () => task.cancel();
  signal?.addEventListener("abort", cancel);
  try {
    await task.promise;
  } catch (error) {
    abortIfAsked(signal);
    throw error;
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
}

/**
 * Renders the chosen pages of a PDF one at a time and yields each as an encoded image, so a caller
 * can zip or send it and let it go. `bytes` are taken over by pdf.js. Throws DocumentError for a
 * password asked for or wrong, a damaged file, a bad option or range, and a page or run too large.
 */
export async function* renderPdfPageImages(
  platform: PdfjsPlatform,
  canvas: CanvasProvider,
  bytes: Uint8Array,
  options: RenderPdfOptions,
): AsyncGenerator<RenderedPage, void, undefined> {
  const quality = checkOptions(options);
  const { dpi, format, signal } = options;
  abortIfAsked(signal);
  const doc = await openPdf(platform, bytes, { password: options.password });
  try {
    const numbers = choosePages(options.pages ?? [], doc.numPages);
    const plan = await planPages(doc, numbers, dpi, signal);
    options.onProgress?.(0);
    for (const [index, planned] of plan.entries()) {
      abortIfAsked(signal);
      const page = await doc.getPage(planned.pageNumber);
      const surface = canvas.surface(planned.width, planned.height);
      let encoded: Uint8Array;
      try {
        await drawPage(page, planned, surface, signal);
        encoded = await surface.encode(format, quality);
      } finally {
        surface.release();
        // drops the page's operator list and decoded images; fonts stay for the next page
        page.cleanup();
      }
      yield { pageNumber: planned.pageNumber, width: planned.width, height: planned.height, format, mimeType: format === "png" ? "image/png" : "image/jpeg", bytes: encoded };
      options.onProgress?.((index + 1) / plan.length);
    }
  } finally {
    await closePdf(doc);
  }
}

/** Every chosen page's image (see renderPdfPageImages), each also given to `onPage` when done. */
export async function renderPdfPages(platform: PdfjsPlatform, canvas: CanvasProvider, bytes: Uint8Array, options: RenderPdfOptions): Promise<RenderedPage[]> {
  const pages: RenderedPage[] = [];
  for await (const page of renderPdfPageImages(platform, canvas, bytes, options)) {
    options.onPage?.(page);
    pages.push(page);
  }
  return pages;
}

/** `report.pdf`, page 7 of 120 → `report-page-007.png` (digits enough for the last page, at least 3). */
export function pageImageName(baseName: string, pageNumber: number, pageCount: number, format: PageImageFormat): string {
  const digits = Math.max(3, String(pageCount).length);
  return `${baseName}-page-${String(pageNumber).padStart(digits, "0")}.${format === "png" ? "png" : "jpg"}`;
}
