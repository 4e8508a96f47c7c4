import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { avifFromPng, HAVE_AVIF_ENCODER } from "#tests/support/codecs/avif/test-helpers.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import {
  CLEAR,
  decodePng,
  encodePng,
  fillColors,
  HAVE_RSVG,
  maxAbsDiff,
  meanAbsDiff,
  paintImage,
  photoLike,
  psnrOnWhite,
  renderSvg,
  threeShapes,
} from "#tests/support/codecs/svg/test-helpers.ts";
import { gotoHydrated, saveScreenshots } from "./support/page.ts";
import { AVIFDEC, HAVE_HEIF_CONVERT, HAVE_LIBAVIF_TOOLS, HEIF_CONVERT, IMAGEMAGICK } from "../support/reference-tools.ts";
import { scratch } from "../support/scratch.ts";

// AVIF to SVG in Chromium: AVIF fixtures are made here by ffmpeg/libaom from PNGs we draw; the
// downloaded SVGs are checked by decoding their embedded PNG, by rendering them with librsvg and by
// comparing with the pixels Chromium and ImageMagick decode from the same AVIF.

const TOOL = "/tool/avif-to-svg-converter";
if (!HAVE_AVIF_ENCODER) console.log("Skipping the AVIF to SVG conversions: ffmpeg with libaom-av1 and the avif muxer is not available to make the fixtures");
if (!HAVE_RSVG) console.log("Skipping the librsvg renders of the downloaded SVGs: rsvg-convert (librsvg2-bin) is not installed");

const fileInput = (page: Page) => page.locator('[data-testid="file-drop-zone"] input[type="file"]');
/** The failure line's reason, without its "Details" (issue 31: said once, under the buttons). */
const failureLine = (page: Page) => page.getByTestId("conversion-failure").getByTestId("reason");

async function choose(page: Page, name: string, buffer: Uint8Array, mimeType = "image/avif") {
  await fileInput(page).setInputFiles({ name, mimeType, buffer: Buffer.from(buffer) });
}

async function convertAndDownload(page: Page) {
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("conversion-result")).toContainText("Conversion successful");
  await expect(page.getByTestId("conversion-description")).toHaveText("AVIF converted to SVG");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download", exact: true }).click();
  const download = await downloadPromise;
  return { name: download.suggestedFilename(), svg: readFileSync(await download.path(), "utf8") };
}

/** The pixels Chromium decodes from the AVIF (what the page itself works from). */
async function chromiumDecode(page: Page, avif: Uint8Array): Promise<RgbaImage> {
  const decoded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/avif" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, height: bitmap.height, data: Array.from(context.getImageData(0, 0, bitmap.width, bitmap.height).data) };
  }, Buffer.from(avif).toString("base64"));
  return { width: decoded.width, height: decoded.height, data: Uint8ClampedArray.from(decoded.data) };
}

/** ImageMagick's decode of the AVIF (through libheif): an independent decoder. */
function imageMagickDecode(avif: Uint8Array, width: number, height: number): RgbaImage {
  const rgba = execFileSync(IMAGEMAGICK, ["avif:-", "-depth", "8", "rgba:-"], { input: avif, maxBuffer: 64 << 20 });
  return { width, height, data: new Uint8ClampedArray(rgba) };
}

function svgRoot(svg: string): Record<string, string> {
  const root = /<svg ([^>]*)>/.exec(svg);
  expect(root).not.toBeNull();
  return Object.fromEntries([...root![1]!.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

// files other writers made that Chromium refuses (tests/corpus/avif): decoded without the engine
// when a clean rebuild of the primary image is enough, with libavif in WebAssembly when it is not
const corpusFile = (name: string) => new Uint8Array(readFileSync(new URL(`../corpus/avif/${name}`, import.meta.url)));
/** a reference reader's decode, 8-bit RGBA: libavif's (avifdec, no strict checks) or libheif's (heif-convert) */
const referenceDecode = (tool: "avifdec" | "heif-convert", name: string): RgbaImage => {
  const work = scratch("avif-e2e-reference");
  try {
    const input = new URL(`../corpus/avif/${name}`, import.meta.url).pathname;
    const output = work.path("out.png");
    if (tool === "avifdec") execFileSync(AVIFDEC, ["--no-strict", "--ignore-icc", "-d", "8", input, output], { stdio: "pipe" });
    else execFileSync(HEIF_CONVERT, [input, output], { stdio: "pipe" });
    execFileSync(IMAGEMAGICK, [output, "-depth", "8", `png32:${output}`]);
    return decodePng(work.read("out.png"));
  } finally {
    work.cleanup();
  }
};
const embeddedPng = (svg: string) => decodePng(new Uint8Array(Buffer.from(/base64,([A-Za-z0-9+/=]+)"/.exec(svg)![1]!, "base64")));

test.describe("AVIF to SVG", () => {
  test.skip(!HAVE_AVIF_ENCODER, "ffmpeg cannot write AVIF here (libaom-av1 and the avif muxer are needed for the fixtures)");

  const source = threeShapes(160, 120);
  let shapesAvif: Uint8Array;
  test.beforeAll(() => {
    shapesAvif = avifFromPng(encodePng(source));
  });

  test("Embed: the SVG wraps a PNG of exactly the pixels Chromium decodes", async ({ page }) => {
    await gotoHydrated(page, TOOL);
    await expect(page.getByRole("radio", { name: /Embed/ })).toBeChecked();
    await expect(page.getByTestId("trace-options")).toHaveCount(0);
    await choose(page, "shapes.avif", shapesAvif);
    const { name, svg } = await convertAndDownload(page);
    expect(name).toBe("shapes.svg");
    await expect(page.getByTestId("conversion-result")).toContainText("160 × 120 px, the image embedded as a");
    await expect.poll(() => page.getByTestId("svg-preview").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

    expect(svgRoot(svg)).toEqual({
      xmlns: "http://www.w3.org/2000/svg",
      "xmlns:xlink": "http://www.w3.org/1999/xlink",
      version: "1.1",
      width: "160",
      height: "120",
      viewBox: "0 0 160 120",
    });
    const base64 = /xlink:href="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(svg)?.[1];
    expect(base64).toBeDefined();
    const embedded = decodePng(new Uint8Array(Buffer.from(base64!, "base64")));
    // exactly what the browser decoded
    expect(maxAbsDiff(embedded, await chromiumDecode(page, shapesAvif))).toBe(0);
    // and close to the source and to an independent decoder (AV1 4:4:4 at crf 0: YUV rounding only)
    expect(meanAbsDiff(embedded, source)).toBeLessThan(1);
    if (existsSync(IMAGEMAGICK)) expect(meanAbsDiff(embedded, imageMagickDecode(shapesAvif, 160, 120))).toBeLessThan(1);
    if (HAVE_RSVG) expect(maxAbsDiff(renderSvg(svg), embedded)).toBe(0);
    await saveScreenshots(page, "avif-svg-embed-done");
  });

  test("Trace: real vector paths in at most the chosen number of colours", async ({ page }) => {
    await gotoHydrated(page, TOOL);
    await page.getByRole("radio", { name: /Trace/ }).check();
    await expect(page.getByTestId("trace-options")).toBeVisible();
    await page.getByLabel("Colours", { exact: true }).fill("4");
    await page.getByLabel("Detail", { exact: true }).selectOption("high");
    await choose(page, "logo.avif", shapesAvif);
    const { name, svg } = await convertAndDownload(page);
    expect(name).toBe("logo.svg");
    await expect(page.getByTestId("conversion-result")).toContainText(/160 × 120 px, traced into \d+ paths in 4 colours\./);
    await expect.poll(() => page.getByTestId("svg-preview").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

    expect(svgRoot(svg)).toMatchObject({ width: "160", height: "120", viewBox: "0 0 160 120" });
    expect(svg).not.toContain("<image");
    expect(svg).not.toContain("data:");
    expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(fillColors(svg).size).toBeLessThanOrEqual(4);
    if (HAVE_RSVG) {
      const rendered = renderSvg(svg);
      const psnr = psnrOnWhite(rendered, source);
      console.log(`AVIF (three shapes) traced in Chromium, rendered by librsvg: PSNR ${psnr.toFixed(1)} dB`);
      expect(psnr).toBeGreaterThan(25);
    }
    await saveScreenshots(page, "avif-svg-trace-done");

    // two colours: at most two fills
    await page.getByLabel("Colours", { exact: true }).fill("2");
    const two = await convertAndDownload(page);
    expect(fillColors(two.svg).size).toBeLessThanOrEqual(2);
  });

  test("Trace keeps transparency: transparent areas stay out of the SVG", async ({ page }) => {
    const clear = threeShapes(120, 90, CLEAR);
    const avif = avifFromPng(encodePng(clear), { alpha: true });
    await gotoHydrated(page, TOOL);
    await page.getByRole("radio", { name: /Trace/ }).check();
    await page.getByLabel("Colours", { exact: true }).fill("8");
    await choose(page, "clear.avif", avif);
    const { svg } = await convertAndDownload(page);
    expect(svg).not.toContain('fill="#000000"');
    if (HAVE_RSVG) {
      const rendered = renderSvg(svg);
      expect(rendered.data[3]).toBe(0);
      expect(psnrOnWhite(rendered, clear)).toBeGreaterThan(22);
    }
  });

  test("a large image is reduced for tracing, keeps its size in the SVG, and progress is real", async ({ page }) => {
    const large = photoLike(1600, 1000);
    const avif = avifFromPng(encodePng(large), { lossless: false });
    await gotoHydrated(page, TOOL);
    await page.getByRole("radio", { name: /Trace/ }).check();
    await page.getByLabel("Colours", { exact: true }).fill("24");
    await choose(page, "large.avif", avif);
    await page.evaluate(() => {
      const w = window as unknown as { __progress: number[] };
      w.__progress = [];
      window.setInterval(() => {
        const value = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
        if (value != null) w.__progress.push(Number(value));
      }, 20);
    });
    const { svg } = await convertAndDownload(page);
    await expect(page.getByTestId("conversion-result")).toContainText(
      "1600 × 1000 px, traced into", // then "... The image was reduced to 1264 × 790 px for tracing ..."
    );
    await expect(page.getByTestId("conversion-result")).toContainText("The image was reduced to 1264 × 790 px for tracing to keep it fast; the SVG keeps the original size.");
    expect(svgRoot(svg)).toMatchObject({ width: "1600", height: "1000", viewBox: "0 0 1264 790" });
    expect(fillColors(svg).size).toBeLessThanOrEqual(24);
    const samples = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    const between = new Set(samples.filter((v) => v > 0 && v < 100));
    expect(between.size, `progress seen: ${samples.join(",")}`).toBeGreaterThanOrEqual(3);
    expect(samples.toSorted((a, b) => a - b)).toEqual(samples);
    if (HAVE_RSVG) expect(psnrOnWhite(renderSvg(svg), large)).toBeGreaterThan(18);
  });

  test("the colour count must be a whole number from 2 to 64", async ({ page }) => {
    await gotoHydrated(page, TOOL);
    await page.getByRole("radio", { name: /Trace/ }).check();
    await choose(page, "shapes.avif", shapesAvif);
    const convert = page.getByRole("button", { name: "Convert", exact: true });
    await expect(convert).toBeEnabled();
    await page.getByLabel("Colours", { exact: true }).fill("65");
    await expect(page.getByText("Enter a whole number from 2 to 64.")).toBeVisible();
    await expect(convert).toBeDisabled();
    await page.getByLabel("Colours", { exact: true }).fill("1");
    await expect(convert).toBeDisabled();
    // Embed ignores the colour count
    await page.getByRole("radio", { name: /Embed/ }).check();
    await expect(convert).toBeEnabled();
  });

  test("a file of another type is refused with the spec's message; the AVIF type is enough without the extension", async ({ page }) => {
    await gotoHydrated(page, TOOL);
    await choose(page, "photo.png", encodePng(paintImage(4, 4, () => [1, 2, 3, 255])), "image/png");
    await expect(page.getByTestId("file-refusal").getByTestId("reason")).toHaveText("Invalid file type: Please select an AVIF file");
    // said once: no toast repeats it (issue 31, finding 1)
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Convert", exact: true })).toBeDisabled();

    await choose(page, "download", shapesAvif, "image/avif");
    await expect(page.getByTestId("selected-file")).toContainText("download");
    const { name, svg } = await convertAndDownload(page);
    expect(name).toBe("download.svg");
    expect(svg).toContain("data:image/png;base64,");
  });

  test("a corrupt .avif ends in the spec's failure message with the reason", async ({ page }) => {
    await gotoHydrated(page, TOOL);
    const failure = "Unable to convert AVIF file. Please try a different file.";
    const convert = page.getByRole("button", { name: "Convert", exact: true });

    // not AVIF at all (a PNG renamed)
    await choose(page, "renamed.avif", encodePng(paintImage(4, 4, () => [1, 2, 3, 255])));
    await convert.click();
    await expect(failureLine(page)).toHaveText("Conversion failed: This file is a PNG image, not an AVIF image.");
    // a reason the file gives is the whole message: no "Please try" for a file that can never work
    await expect(page.getByText(failure)).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download", exact: true })).toHaveCount(0);

    // AVIF boxes intact, AV1 data destroyed: the browser and libavif (WebAssembly) both refuse it
    const broken = shapesAvif.slice();
    const mdat = Buffer.from(broken).indexOf("mdat");
    broken.fill(0xff, mdat + 4);
    await choose(page, "broken.avif", broken);
    await convert.click();
    await expect(failureLine(page)).toContainText("Conversion failed: This AVIF file could not be decoded");
    // no decoder's name in the visitor's line
    await expect(failureLine(page)).not.toContainText(/libavif|dav1d|WebCodecs/);

    // a truncated header
    await choose(page, "cut.avif", shapesAvif.slice(0, 60));
    await convert.click();
    await expect(page.getByTestId("conversion-status")).toContainText("This AVIF file is truncated or corrupt");
    await saveScreenshots(page, "avif-svg-failed");

    // and the tool still works afterwards
    await choose(page, "shapes.avif", shapesAvif);
    await convertAndDownload(page);
  });

  test("a gain-map grid Chromium refuses converts to its base image, without loading the WebAssembly decoder", async ({ page }) => {
    test.skip(!HAVE_LIBAVIF_TOOLS, "avifdec (libavif) is not installed");
    const name = "supported_gainmap_writer_version_with_extra_bytes.avif";
    const engine: string[] = [];
    page.on("request", (request) => {
      if (/avif_dec|libavif-wasm/.test(request.url())) engine.push(request.url());
    });
    await gotoHydrated(page, TOOL);
    // the browser itself refuses the file as it is
    expect(await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return createImageBitmap(new Blob([bytes], { type: "image/avif" })).then(() => "decoded", () => "refused");
    }, Buffer.from(corpusFile(name)).toString("base64"))).toBe("refused");
    await choose(page, name, corpusFile(name));
    const { svg } = await convertAndDownload(page);
    const embedded = embeddedPng(svg);
    expect(meanAbsDiff(embedded, referenceDecode("avifdec", name))).toBeLessThan(1);
    expect(engine).toEqual([]);
  });

  test("a 4:2:2 file with alpha Chromium cannot decode goes through libavif in WebAssembly, served by our own origin", async ({ page, baseURL }) => {
    test.skip(!HAVE_HEIF_CONVERT, "heif-convert (libheif) is not installed");
    const name = "plum-blossom-small.profile2.8bpc.yuv422.alpha-full.avif";
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await gotoHydrated(page, TOOL);
    expect(requests.some((url) => url.includes("avif_dec"))).toBe(false); // not with the page
    await choose(page, name, corpusFile(name));
    const { svg } = await convertAndDownload(page);
    const wasm = requests.filter((url) => url.includes("avif_dec"));
    expect(wasm).toHaveLength(1);
    expect(new URL(wasm[0]!).origin).toBe(new URL(baseURL!).origin);
    expect(new URL(wasm[0]!).pathname).toMatch(/^\/assets\/avif_dec-[\w-]+\.wasm$/);
    expect(requests.filter((url) => !url.startsWith(new URL(baseURL!).origin) && !url.startsWith("data:") && !url.startsWith("blob:"))).toEqual([]);
    const embedded = embeddedPng(svg);
    expect([embedded.width, embedded.height]).toEqual([128, 128]);
    expect(embedded.data[3]).toBe(0); // transparent corner
    // over white, close to libheif's decode (avifdec refuses this file's duplicate 'ipma')
    expect(psnrOnWhite(embedded, referenceDecode("heif-convert", name))).toBeGreaterThan(30);
  });
});
