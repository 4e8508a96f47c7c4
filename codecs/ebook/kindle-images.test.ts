// Kindle picture fitting: sizes after fitting (read from the headers, and by ImageMagick), bytes
// under the 127 KB limit, references rewritten when a PNG becomes a JPEG, notes for what was left
// out, hostile headers refused undecoded, and "original" changing only what Kindles cannot show.
import { afterAll, describe, expect, it } from "vitest";
import { magickIdentify } from "#tests/support/imagemagick.ts";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { HAVE_IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { pictureInfo } from "#codecs/document/image-info.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { encodeJpeg } from "#codecs/jpeg/encode.ts";
import { encodePng } from "#codecs/png/index.ts";
import type { Book, BookResource } from "./book.ts";
import { TINY_GIF } from "#tests/support/codecs/ebook/fb2-sample-book.ts";
import { fitKindleImages, KINDLE_MAX_PICTURE_BYTES } from "./kindle-images.ts";

const work = scratch("kindle-images");
afterAll(() => work.cleanup());

/** Noise (incompressible, so big files) over a gradient; `alpha` makes half of it see-through. */
function noise(width: number, height: number, alpha = false): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 12345;
  for (let i = 0; i < data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const n = seed >>> 24;
    const x = (i / 4) % width;
    data[i] = (x * 255) / width / 2 + n / 2;
    data[i + 1] = n;
    data[i + 2] = 255 - n;
    data[i + 3] = alpha && x < width / 2 ? 128 : 255;
  }
  return { width, height, data };
}

/** A smooth picture: gradients compress well, so fitting alone brings it under the limit. */
function smooth(width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = 128;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

const SVG = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 26, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

/** A PNG whose header claims 100 000 × 100 000 pixels, with no pixels behind it. */
function hugePngHeader(): Uint8Array {
  const png = rampPng(4, 4).slice();
  const view = new DataView(png.buffer);
  view.setUint32(16, 100_000);
  view.setUint32(20, 100_000);
  return png;
}

/** A JPEG whose frame header claims 60 000 × 60 000 pixels. */
function hugeJpegHeader(): Uint8Array {
  const jpeg = encodeJpeg(noise(16, 16)).slice();
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] === 0xc0) {
      jpeg[i + 5] = 0xea;
      jpeg[i + 6] = 0x60;
      jpeg[i + 7] = 0xea;
      jpeg[i + 8] = 0x60;
      break;
    }
  }
  return jpeg;
}

function bookWith(resources: BookResource[], body: string, coverHref?: string): Book {
  return {
    metadata: { title: "Pictures", authors: [], language: "en" },
    chapters: [{ href: "text/one.xhtml", body }],
    resources,
    ...(coverHref === undefined ? {} : { coverHref }),
    toc: [],
    notes: [],
  };
}

/** The size of the picture stored as `href`, or as the same name with another extension. */
const sizeOf = (book: Book, href: string): [number, number] => {
  const stem = href.replace(/\.[a-z]+$/, ".");
  const resource = book.resources.find((r) => r.href === href) ?? book.resources.find((r) => r.href.startsWith(stem));
  if (resource === undefined) throw new Error(`no ${href}`);
  const info = pictureInfo(resource.data);
  return [info.width, info.height];
};

/** What a book looks like: its hrefs, bodies and a checksum of its bytes. */
const fingerprint = (b: Book): string =>
  JSON.stringify([b.coverHref, b.notes, b.chapters.map((c) => c.body), b.resources.map((r) => [r.href, r.mediaType, r.data.length, r.data.reduce((sum, byte, i) => (sum + byte * (i + 1)) % 1_000_003, 0)])]);

describe("fitKindleImages", () => {
  const bigPng = encodePng(smooth(2000, 1500), { level: 0 });
  const tallJpeg = encodeJpeg(smooth(900, 2400), { quality: 90 });
  const noisyBig = encodePng(noise(2000, 1500));
  const opaqueHeavyPng = encodePng(noise(500, 400));
  const clearHeavyPng = encodePng(noise(500, 400, true));
  const small = rampPng(60, 40);
  const resources: BookResource[] = [
    { href: "images/big.png", mediaType: "image/png", data: bigPng },
    { href: "images/tall.jpg", mediaType: "image/jpeg", data: tallJpeg },
    { href: "images/heavy.png", mediaType: "image/png", data: opaqueHeavyPng },
    { href: "images/clear.png", mediaType: "image/png", data: clearHeavyPng },
    { href: "images/small.png", mediaType: "image/png", data: small },
    { href: "images/noisy.png", mediaType: "image/png", data: noisyBig },
    { href: "images/anim.gif", mediaType: "image/gif", data: TINY_GIF },
    { href: "images/logo.svg", mediaType: "image/svg+xml", data: SVG },
    { href: "images/photo.webp", mediaType: "image/webp", data: WEBP },
    { href: "images/huge.png", mediaType: "image/png", data: hugePngHeader() },
    { href: "images/huge.jpg", mediaType: "image/jpeg", data: hugeJpegHeader() },
    { href: "styles/book.css", mediaType: "text/css", data: new TextEncoder().encode("p { margin: 0 }") },
    { href: "styles/back.css", mediaType: "text/css", data: new TextEncoder().encode(`body { background: url("../images/heavy.png") } h1 { background: url(../images/small.png) }`) },
  ];
  const body = `<p><img src="images/big.png" alt="big"/><img src="images/heavy.png" alt="heavy"/></p><p><img src="images/logo.svg" alt="logo"/>Logo gone, <img alt="webp" src="images/photo.webp"/>photo gone.</p><p><img src="images/huge.png" alt=""/><img src="images/anim.gif" alt="gif"/></p>`;
  const book = bookWith(resources, body, "images/heavy.png");
  const before = fingerprint(book);
  const fitted = fitKindleImages(book, "paperwhite");

  it("scales larger pictures down to the screen, turned as the picture is (landscape fitted long side to long side)", () => {
    // 2000 × 1500 in 1448 × 1072 (turned): the short side decides, 1072 / 1500
    expect(sizeOf(fitted, "images/big.png")).toEqual([1429, 1072]);
    expect(fitted.resources.find((r) => r.href === "images/big.png")?.mediaType).toBe("image/png");
    // the same size of noise cannot fit 127 KB even as a JPEG at quality 40: it is made smaller still
    const noisy = sizeOf(fitted, "images/noisy.png");
    expect(noisy[0]).toBeLessThan(1429);
    expect(noisy[0] / noisy[1]).toBeCloseTo(2000 / 1500, 1);
    expect(fitted.resources.map((r) => r.href)).toContain("images/noisy.jpg");
    // 900 × 2400 portrait in 1072 × 1448: the long side decides, 1448 / 2400
    expect(sizeOf(fitted, "images/tall.jpg")).toEqual([543, 1448]);
  });

  it("keeps every picture under 127 KB", () => {
    expect(bigPng.length).toBeGreaterThan(KINDLE_MAX_PICTURE_BYTES);
    expect(noisyBig.length).toBeGreaterThan(KINDLE_MAX_PICTURE_BYTES);
    expect(opaqueHeavyPng.length).toBeGreaterThan(KINDLE_MAX_PICTURE_BYTES);
    expect(clearHeavyPng.length).toBeGreaterThan(KINDLE_MAX_PICTURE_BYTES);
    for (const resource of fitted.resources) expect(resource.data.length, resource.href).toBeLessThanOrEqual(KINDLE_MAX_PICTURE_BYTES);
  });

  it("turns heavy opaque PNGs into JPEGs and rewrites the chapter and the cover to them", () => {
    const heavy = fitted.resources.find((r) => r.href === "images/heavy.jpg");
    expect(heavy?.mediaType).toBe("image/jpeg");
    expect(pictureInfo(heavy!.data)).toEqual({ kind: "jpeg", width: 500, height: 400 });
    expect(fitted.coverHref).toBe("images/heavy.jpg");
    expect(fitted.chapters[0]!.body).toContain(`<img src="images/heavy.jpg" alt="heavy"/>`);
    expect(fitted.chapters[0]!.body).toContain(`<img src="images/big.png" alt="big"/>`);
    const sheet = new TextDecoder().decode(fitted.resources.find((r) => r.href === "styles/back.css")!.data);
    expect(sheet).toBe(`body { background: url("../images/heavy.jpg") } h1 { background: url(../images/small.png) }`);
  });

  it("keeps see-through PNGs as PNGs, made smaller", () => {
    const clear = fitted.resources.find((r) => r.href === "images/clear.png");
    expect(clear?.mediaType).toBe("image/png");
    const info = pictureInfo(clear!.data);
    expect(info.kind).toBe("png");
    expect(info.width).toBeLessThan(500);
  });

  it("leaves small pictures, GIFs and stylesheets as they are", () => {
    for (const href of ["images/small.png", "images/anim.gif", "styles/book.css"]) {
      expect(fitted.resources.find((r) => r.href === href)?.data).toBe(resources.find((r) => r.href === href)!.data);
    }
    expect(fitted.chapters[0]!.body).toContain(`<img src="images/anim.gif" alt="gif"/>`);
  });

  it("leaves SVG, WebP and hostile pictures out with notes, and their references with them", () => {
    const hrefs = fitted.resources.map((r) => r.href);
    for (const gone of ["images/logo.svg", "images/photo.webp", "images/huge.png", "images/huge.jpg"]) expect(hrefs).not.toContain(gone);
    expect(fitted.chapters[0]!.body).toContain("<p>Logo gone, photo gone.</p>");
    expect(fitted.chapters[0]!.body).not.toMatch(/huge|logo|webp/);
    const notes = fitted.notes.join("\n");
    expect(notes).toContain("1 SVG picture was left out");
    expect(notes).toContain("1 WebP picture was left out");
    expect(notes).toMatch(/images\/huge\.png was left out: This PNG image is 100000 × 100000 pixels/);
    expect(notes).toMatch(/images\/huge\.jpg was left out: it declares 60000 × 60000 pixels/);
    expect(notes).toContain("scaled down to fit the Paperwhite, Voyage (1072 × 1448) screen");
  });

  it("does not change the book it was given", () => {
    expect(fingerprint(book)).toBe(before);
  });

  it("fits the smallest Kindle size too", () => {
    const kindle = fitKindleImages(bookWith([resources[0]!], `<img src="images/big.png" alt=""/>`), "kindle");
    expect(sizeOf(kindle, "images/big.png")).toEqual([800, 600]);
  });

  it("with 'original' changes only what Kindles cannot show", () => {
    const original = fitKindleImages(book, "original");
    const kept = original.resources.map((r) => r.href);
    expect(kept).toEqual(["images/big.png", "images/tall.jpg", "images/heavy.png", "images/clear.png", "images/small.png", "images/noisy.png", "images/anim.gif", "styles/book.css", "styles/back.css"]);
    for (const resource of original.resources) expect(resource.data).toBe(resources.find((r) => r.href === resource.href)!.data);
    expect(original.coverHref).toBe("images/heavy.png");
    expect(original.chapters[0]!.body).toContain(`<img src="images/big.png" alt="big"/>`);
  });

  it("drops the cover reference when the cover cannot be kept", () => {
    const svgCover = fitKindleImages(bookWith([{ href: "c.svg", mediaType: "image/svg+xml", data: SVG }], "<p>x</p>", "c.svg"), "original");
    expect(svgCover.coverHref).toBeUndefined();
    expect(svgCover.notes.join(" ")).toContain("no cover");
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("writes pictures ImageMagick reads at the fitted sizes", () => {
    for (const resource of fitted.resources.filter((r) => r.mediaType.startsWith("image/") && r.mediaType !== "image/gif")) {
      const file = work.write(resource.href.replace(/\//g, "_"), resource.data);
      const [width, height] = sizeOf(fitted, resource.href);
      expect(magickIdentify(file)).toContain(`${width}x${height}`);
    }
  });
});
