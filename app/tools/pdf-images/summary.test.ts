import { describe, expect, it } from "vitest";
import type { PdfPageInfo } from "#codecs/pdf/image-pdf.ts";
import { pageLine, pdfSummary } from "./summary.ts";

const page = (widthPt: number, heightPt: number, dpi = 72): PdfPageInfo => ({
  widthPx: Math.round((widthPt * dpi) / 72),
  heightPx: Math.round((heightPt * dpi) / 72),
  dpiX: dpi,
  dpiY: dpi,
  widthPt,
  heightPt,
  colour: "rgb",
  alpha: false,
});

describe("PDF summary", () => {
  it("gives the page count and the size when every page has the same size", () => {
    expect(pdfSummary([page(612, 792, 300)])).toBe("1 page, 8.5 × 11 in (612 × 792 pt)");
    expect(pdfSummary([page(612, 792), page(612, 792)])).toBe("2 pages, 8.5 × 11 in (612 × 792 pt)");
  });

  it("lists the sizes when they differ, the first three of them", () => {
    expect(pdfSummary([page(144, 96), page(120, 160), page(144, 96)])).toBe("3 pages in 2 sizes: 2 × 1.33 in (144 × 96 pt), 1.67 × 2.22 in (120 × 160 pt)");
    expect(pdfSummary([page(10, 10), page(20, 20), page(30, 30), page(40, 40)])).toMatch(/^4 pages in 4 sizes: .*\(30 × 30 pt\), …$/);
  });

  it("describes each page with its pixels and resolution", () => {
    expect(pageLine(page(144, 96, 150), 0)).toBe("Page 1: 300 × 200 px at 150 dpi → 2 × 1.33 in (144 × 96 pt)");
    expect(pageLine({ ...page(72, 36), dpiX: 300, dpiY: 150 }, 1)).toBe("Page 2: 72 × 36 px at 300 × 150 dpi → 1 × 0.5 in (72 × 36 pt)");
  });
});
