import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SvgError } from "./errors.ts";
import { traceSvg, traceToSvg } from "./trace.ts";
import {
  BLUE,
  CLEAR,
  differingShare,
  fillColors,
  HAVE_RSVG,
  maxAbsDiff,
  meanAbsDiff,
  paintImage,
  photoLike,
  psnrOnWhite,
  RED,
  renderSvg,
  RSVG_CONVERT,
  threeShapes,
  WHITE,
} from "#tests/support/codecs/svg/test-helpers.ts";
import { propertyRuns } from "#tests/support/property.ts";

if (!HAVE_RSVG) console.log(`Skipping the librsvg rendering checks of traced SVGs: ${RSVG_CONVERT} is not installed (Debian librsvg2-bin)`);

function svgAttributes(svg: string): Record<string, string> {
  const root = /<svg ([^>]*)>/.exec(svg);
  expect(root, "an <svg> root element").not.toBeNull();
  return Object.fromEntries([...root![1]!.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

function thrown(f: () => unknown): SvgError {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(SvgError);
    return error as SvgError;
  }
  throw new Error("no error thrown");
}

describe("traceSvg", () => {
  it("writes an SVG 1.1 document of the image's size with one filled path per shape", () => {
    const result = traceSvg(threeShapes(160, 120), { colors: 16 });
    expect(result.svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
    expect(svgAttributes(result.svg)).toEqual({ xmlns: "http://www.w3.org/2000/svg", version: "1.1", width: "160", height: "120", viewBox: "0 0 160 120" });
    // the exact four colours of the artwork, one shape each (white background, square, disc, triangle)
    expect(fillColors(result.svg)).toEqual(new Set(["#ffffff", "#dc1e28", "#143cc8", "#1eaa46"]));
    expect(result).toMatchObject({ width: 160, height: 120, tracedWidth: 160, tracedHeight: 120, colors: 4, paths: 4 });
    expect(result.svg.match(/<path /g)).toHaveLength(4);
    // the background comes first, so the shapes are drawn over it
    expect(/<path fill="([^"]+)"/.exec(result.svg)![1]).toBe("#ffffff");
    expect(result.svg).not.toMatch(/NaN|Infinity/);
  });

  it("traces straight pixel edges exactly where they are", () => {
    const image = paintImage(40, 30, (x, y) => (x >= 5 && x < 20 && y >= 4 && y < 25 ? RED : WHITE));
    const svg = traceToSvg(image, { colors: 4 });
    expect(svg).toContain('<path fill="#dc1e28" d="M5 4L20 4L20 25L5 25L5 4Z"/>');
  });

  it("gives at most 2 fill colours with colors = 2, whatever the image", () => {
    for (const image of [photoLike(120, 90), threeShapes(100, 80)]) {
      const result = traceSvg(image, { colors: 2 });
      expect(fillColors(result.svg).size).toBeLessThanOrEqual(2);
      expect(result.colors).toBeLessThanOrEqual(2);
      expect(result.paths).toBeGreaterThan(0);
    }
  });

  it("uses no more fill colours than asked for on a photo-like image", () => {
    for (const colors of [3, 8, 16]) expect(fillColors(traceToSvg(photoLike(96, 64), { colors })).size).toBeLessThanOrEqual(colors);
  });

  it("leaves transparent areas out and keeps translucent colours translucent", () => {
    const image = paintImage(60, 40, (x, y) => (x < 20 ? CLEAR : x < 40 ? [20, 60, 200, 128] : y < 20 ? RED : CLEAR));
    const svg = traceToSvg(image, { colors: 8 });
    expect(fillColors(svg)).toEqual(new Set(["#143cc8", "#dc1e28"]));
    expect(svg).toMatch(/<path fill="#143cc8" fill-opacity="0\.502" d=/);
    expect(svg).not.toContain("#000000"); // the transparent pixels are not drawn as black
  });

  it("reduces images above maxPixels and keeps their size through the viewBox", () => {
    const result = traceSvg(threeShapes(400, 300), { colors: 8, maxPixels: 30_000 });
    expect(result).toMatchObject({ width: 400, height: 300, tracedWidth: 200, tracedHeight: 150 });
    expect(svgAttributes(result.svg)).toMatchObject({ width: "400", height: "300", viewBox: "0 0 200 150" });
  });

  it("writes the size the caller asks for (an image the caller already reduced)", () => {
    const result = traceSvg(threeShapes(100, 75), { colors: 4, outputWidth: 4000, outputHeight: 3000 });
    expect(svgAttributes(result.svg)).toMatchObject({ width: "4000", height: "3000", viewBox: "0 0 100 75" });
  });

  it("is deterministic", () => {
    const image = photoLike(80, 60);
    expect(traceToSvg(image, { colors: 12, detail: "high" })).toBe(traceToSvg(image, { colors: 12, detail: "high" }));
  });

  it("reports real progress: rising, in stages, ending at 1", () => {
    const seen: number[] = [];
    traceSvg(photoLike(80, 60), { colors: 6, onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThanOrEqual(6); // palette, quantization, then one report per colour
    expect(seen.toSorted((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBe(1);
    expect(seen[0]).toBeGreaterThan(0);
  });

  it("trades detail for size with the detail presets", () => {
    const image = photoLike(160, 120);
    const sizes = (["low", "medium", "high"] as const).map((detail) => traceToSvg(image, { colors: 24, detail }).length);
    expect(sizes[0]).toBeLessThan(sizes[2]!);
  });

  it("refuses bad options and bad images with an SvgError", () => {
    const image = threeShapes(20, 20);
    expect(thrown(() => traceSvg(image, { colors: 1 })).message).toBe("The number of colours must be a whole number from 2 to 64.");
    expect(thrown(() => traceSvg(image, { colors: 65 })).code).toBe("bad-option");
    expect(thrown(() => traceSvg(image, { colors: 2.5 })).code).toBe("bad-option");
    expect(thrown(() => traceSvg(image, { colors: 4, detail: "extreme" as "low" })).message).toMatch(/Unknown detail level "extreme"/);
    expect(thrown(() => traceSvg({ width: 0, height: 5, data: new Uint8Array(0) }, { colors: 4 })).code).toBe("bad-image");
    expect(thrown(() => traceSvg({ width: 10, height: 10, data: new Uint8Array(399) }, { colors: 4 })).message).toMatch(/holds 399 bytes, fewer than the 400/);
    expect(thrown(() => traceSvg(image, { colors: 4, outputWidth: -1 })).code).toBe("bad-option");
  });

  it("never throws and never writes a non-finite number, whatever the pixels (tiny random images)", () => {
    const images = fc
      .record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }), seed: fc.integer() })
      .map(({ width, height, seed }) => {
        let s = seed | 1;
        return paintImage(width, height, () => {
          s ^= s << 13;
          s ^= s >>> 17;
          s ^= s << 5;
          const v = s >>> 0;
          return [v & 192, (v >>> 8) & 192, (v >>> 16) & 192, v & 0x1000000 ? 255 : (v >>> 24) & 255];
        });
      });
    fc.assert(
      fc.property(images, fc.integer({ min: 2, max: 64 }), fc.constantFrom("low" as const, "medium" as const, "high" as const), (image, colors, detail) => {
        const result = traceSvg(image, { colors, detail });
        expect(result.svg).not.toMatch(/NaN|Infinity|undefined/);
        expect(result.svg.trimEnd().endsWith("</svg>")).toBe(true);
      }),
      propertyRuns(200),
    );
  });
});

describe.skipIf(!HAVE_RSVG)("traced SVGs rendered by librsvg", () => {
  it("reproduce flat artwork nearly exactly (only the antialiased curved edges differ)", () => {
    const source = threeShapes(160, 120);
    const rendered = renderSvg(traceToSvg(source, { colors: 16 }));
    const psnr = psnrOnWhite(rendered, source);
    console.log(`three shapes, traced and rendered by librsvg: PSNR ${psnr.toFixed(1)} dB, mean abs diff ${meanAbsDiff(rendered, source).toFixed(2)}`);
    expect(psnr).toBeGreaterThan(27);
    expect(meanAbsDiff(rendered, source)).toBeLessThan(1);
    expect(differingShare(rendered, source, 16)).toBeLessThan(0.02); // edge pixels only
  });

  it("reproduce straight-edged artwork exactly but for the image's corners", () => {
    const source = paintImage(40, 30, (x, y) => (x >= 5 && x < 20 && y >= 4 && y < 25 ? RED : x >= 25 && y >= 10 ? BLUE : WHITE));
    const rendered = renderSvg(traceToSvg(source, { colors: 8 }));
    expect(differingShare(rendered, source, 0)).toBeLessThanOrEqual(2 / (40 * 30));
  });

  it("keep transparent areas transparent", () => {
    const source = threeShapes(120, 90, CLEAR);
    const rendered = renderSvg(traceToSvg(source, { colors: 8 }));
    expect(rendered.data[3]).toBe(0); // a corner of the clear background
    expect(rendered.data[(45 * 120 + 2) * 4 + 3]).toBe(0);
    expect(meanAbsDiff(rendered, source)).toBeLessThan(1.5);
  });

  it("resemble a photo-like image within a loose bound, better with more colours", () => {
    const source = photoLike(160, 120);
    const psnr16 = psnrOnWhite(renderSvg(traceToSvg(source, { colors: 16 })), source);
    const psnr64 = psnrOnWhite(renderSvg(traceToSvg(source, { colors: 64 })), source);
    console.log(`photo-like 160×120 traced: PSNR ${psnr16.toFixed(1)} dB with 16 colours, ${psnr64.toFixed(1)} dB with 64`);
    expect(psnr16).toBeGreaterThan(19);
    expect(psnr64).toBeGreaterThan(psnr16 + 2);
  });

  it("render a reduced trace at the original size", () => {
    const source = threeShapes(240, 180);
    const rendered = renderSvg(traceToSvg(source, { colors: 8, maxPixels: 12_000 }));
    expect([rendered.width, rendered.height]).toEqual([240, 180]);
    expect(psnrOnWhite(rendered, source)).toBeGreaterThan(20);
    expect(maxAbsDiff(rendered, source)).toBeGreaterThan(0); // reduced, so not exact
  });
});
