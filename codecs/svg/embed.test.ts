import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Encode } from "./base64.ts";
import { svgEmbeddingPng } from "./embed.ts";
import { SvgError } from "./errors.ts";
import { CLEAR, decodePng, encodePng, HAVE_RSVG, maxAbsDiff, paintImage, photoLike, renderSvg, RSVG_CONVERT, threeShapes } from "#tests/support/codecs/svg/test-helpers.ts";
import { propertyRuns } from "#tests/support/property.ts";

if (!HAVE_RSVG) console.log(`Skipping the librsvg rendering checks of embedded SVGs: ${RSVG_CONVERT} is not installed (Debian librsvg2-bin)`);

/** The data: URL of the SVG's <image>, decoded. */
function embeddedPng(svg: string): Uint8Array {
  const match = /xlink:href="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(svg);
  expect(match, "an <image> with a PNG data URL").not.toBeNull();
  return new Uint8Array(Buffer.from(match![1]!, "base64"));
}

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(SvgError);
    return (error as SvgError).message;
  }
  throw new Error("no error thrown");
}

describe("base64Encode", () => {
  it("matches Node's encoder for every length and content", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base64Encode(bytes)).toBe(Buffer.from(bytes).toString("base64"));
      }),
      propertyRuns(100),
    );
  });

  it("handles inputs longer than one slice", () => {
    const bytes = new Uint8Array(200_001).map((_, i) => (i * 7919) & 255);
    expect(base64Encode(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});

describe("svgEmbeddingPng", () => {
  const image = threeShapes(90, 60);
  const png = encodePng(image);

  it("writes an SVG 1.1 document of the image's size whose data URL is the exact PNG", () => {
    const svg = svgEmbeddingPng(png, 90, 60);
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(svg).toContain('version="1.1"');
    expect(svg).toMatch(/<svg [^>]*width="90" height="60" viewBox="0 0 90 60"/);
    expect(svg).toMatch(/<image x="0" y="0" width="90" height="60" xlink:href=/);
    expect(embeddedPng(svg)).toEqual(png);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it("refuses what is not a PNG of the stated size", () => {
    expect(refusal(() => svgEmbeddingPng(new Uint8Array([1, 2, 3]), 90, 60))).toMatch(/not a PNG/);
    expect(refusal(() => svgEmbeddingPng(png.slice(0, 20), 90, 60))).toMatch(/not a PNG/);
    expect(refusal(() => svgEmbeddingPng(png, 60, 90))).toBe("The PNG is 90 × 60 pixels, not the 60 × 90 expected.");
    expect(refusal(() => svgEmbeddingPng(png, 0, 60))).toMatch(/not a positive whole number/);
    expect(refusal(() => svgEmbeddingPng(png, 90.5, 60))).toMatch(/not a positive whole number/);
    const broken = png.slice();
    broken[12] = 0x78; // first chunk no longer IHDR
    expect(refusal(() => svgEmbeddingPng(broken, 90, 60))).toMatch(/first chunk is not IHDR/);
  });
});

describe.skipIf(!HAVE_RSVG)("embedded SVGs rendered by librsvg", () => {
  it("render to the source pixels exactly (opaque image)", () => {
    const source = photoLike(120, 80);
    const rendered = renderSvg(svgEmbeddingPng(encodePng(source), 120, 80));
    expect(rendered.width).toBe(120);
    expect(rendered.height).toBe(80);
    expect(maxAbsDiff(rendered, source)).toBe(0);
  });

  it("keep transparency (within librsvg's premultiplied rounding)", () => {
    const source = paintImage(64, 40, (x, y) => (x < 20 ? CLEAR : [200, 90, 30, Math.round((255 * y) / 39)]));
    const rendered = renderSvg(svgEmbeddingPng(encodePng(source), 64, 40));
    for (let y = 0; y < 40; y++) {
      expect(rendered.data[(y * 64 + 5) * 4 + 3]).toBe(0); // the clear strip stays clear
      const i = (y * 64 + 40) * 4;
      expect(Math.abs(rendered.data[i + 3]! - source.data[i + 3]!)).toBeLessThanOrEqual(1);
      // premultiplied storage loses colour precision in nearly transparent pixels: check where alpha is meaningful
      if (source.data[i + 3]! >= 64) for (let c = 0; c < 3; c++) expect(Math.abs(rendered.data[i + c]! - source.data[i + c]!)).toBeLessThanOrEqual(4);
    }
  });

  it("decode back through the PNG with no change (round trip through fast-png)", () => {
    const source = threeShapes(50, 30);
    expect(decodePng(embeddedPng(svgEmbeddingPng(encodePng(source), 50, 30)))).toEqual(source);
  });
});
