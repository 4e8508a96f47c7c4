// The one line shown with a converted PDF ("3 pages, 8.5 × 11 in (612 × 792 pt)") and each page's
// line in the page list. Pure, so the unit test and the page share it.
import type { PdfPageInfo } from "#codecs/pdf/image-pdf.ts";

/** 2 decimals at most, no trailing zeros: 8.5, 11, 1.33 */
function short(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function pageSizeText(page: Pick<PdfPageInfo, "widthPt" | "heightPt">): string {
  return `${short(page.widthPt / 72)} × ${short(page.heightPt / 72)} in (${short(page.widthPt)} × ${short(page.heightPt)} pt)`;
}

function dpiText(page: PdfPageInfo): string {
  return page.dpiX === page.dpiY ? `${short(page.dpiX)} dpi` : `${short(page.dpiX)} × ${short(page.dpiY)} dpi`;
}

export function pageLine(page: PdfPageInfo, index: number): string {
  return `Page ${index + 1}: ${page.widthPx} × ${page.heightPx} px at ${dpiText(page)} → ${pageSizeText(page)}`;
}

export function pdfSummary(pages: PdfPageInfo[]): string {
  const count = pages.length === 1 ? "1 page" : `${pages.length} pages`;
  const sizes = [...new Map(pages.map((p) => [pageSizeText(p), p])).keys()];
  if (sizes.length === 1) return `${count}, ${sizes[0]}`;
  const shown = sizes.slice(0, 3).join(", ");
  return `${count} in ${sizes.length} sizes: ${shown}${sizes.length > 3 ? ", …" : ""}`;
}
