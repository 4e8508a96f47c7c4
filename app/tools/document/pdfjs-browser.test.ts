import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { pdfjsAssetUrl } from "./pdfjs-browser.ts";

const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const files = (folder: string, pattern: RegExp) => readdirSync(join(root, folder)).filter((name) => pattern.test(name));

// The browser worker serves pdf.js's data by file name from Vite's list of our hashed URLs (the
// rendering itself needs OffscreenCanvas, so it was checked in Chromium, not here).
describe("pdfjsAssetUrl", () => {
  it("has a URL for every CMap, standard font and wasm decoder pdf.js may ask for", () => {
    const cmaps = files("cmaps", /\.bcmap$/);
    const fonts = files("standard_fonts", /\.pfb$/);
    expect(cmaps.length).toBeGreaterThan(150);
    expect(fonts).toContain("FoxitSerifBoldItalic.pfb");
    for (const name of cmaps) expect(pdfjsAssetUrl("cMapUrl", name), name).toMatch(/\.bcmap\b/);
    for (const name of fonts) expect(pdfjsAssetUrl("standardFontDataUrl", name), name).toMatch(/\.(pfb|ttf)\b/);
    // pdf.js 6.5's JPEG 2000 and JBIG2 decoders (the QuickJS and colour-profile wasm are not used)
    for (const name of ["openjpeg.wasm", "jbig2.wasm"]) expect(pdfjsAssetUrl("wasmUrl", name), name).toMatch(/\.wasm\b/);
    expect(pdfjsAssetUrl("wasmUrl", "quickjs-eval.wasm")).toBeUndefined();
    // Liberation Sans 1.x is GPL-2.0 only: not shipped (decision 024)
    expect(files("standard_fonts", /^LiberationSans/).length).toBeGreaterThan(0);
    for (const name of files("standard_fonts", /^LiberationSans/)) expect(pdfjsAssetUrl("standardFontDataUrl", name), name).toBeUndefined();
    expect(pdfjsAssetUrl("cMapUrl", "../standard_fonts/FoxitSerif.pfb")).toBeUndefined();
  });
});
