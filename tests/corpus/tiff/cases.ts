// The TIFF → PDF corpus: the files kept here (manifest.json) plus variants that libtiff's tiffcp,
// ImageMagick and Pillow write at run time; judged by rendering our PDF with poppler and comparing
// every page with an independent decode of the same TIFF page (libtiff's tiff2rgba, ImageMagick or
// Pillow), after checking the page count and each page's size from the file's resolution (read with
// libtiff's tiffinfo).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";
import { jpegInTiff } from "./jpeg-in-tiff.ts";
import { CJPEG, IMAGEMAGICK, PYTHON } from "#tests/support/reference-tools.ts";

const FOLDER = import.meta.dirname;
/** below this PSNR (dB, over RGB composited on white) a page is wrong: lossless pages give 45+, JPEG decoders agree to 35+ */
const MIN_PSNR = 30;

/**
 * Which independent decoder is right for a file (tiff2rgba when not listed). libtiff's RGBA reader
 * shows L*a*b* without white-point adaptation (yellowish whites), and cannot read
 * floats or depths other than 1–16; ImageMagick misreads 24-bit samples and bit-packed planes, so
 * those are judged against the same picture at 16 bits ("same as").
 */
const REFERENCE: Record<string, Reference> = {
  "pillow-lab.tif": "imagemagick",
  "pillow-12bit.cropped.tif": "imagemagick",
  "pillow-g4_orientation_6.tif": "imagemagick",
  "libtiff-test_float64_predictor2_le_lzw.tif": "imagemagick",
  "libtiff-test_float64_predictor2_be_lzw.tif": "imagemagick",
  "libtiffpic-flower-minisblack-06.tif": "imagemagick",
  "libtiffpic-flower-minisblack-10.tif": "imagemagick",
  "libtiffpic-flower-minisblack-12.tif": "imagemagick",
  "libtiffpic-flower-minisblack-14.tif": "imagemagick",
  "libtiffpic-flower-minisblack-32.tif": "imagemagick",
  "libtiffpic-flower-rgb-contig-10.tif": "imagemagick",
  "libtiffpic-flower-rgb-contig-12.tif": "imagemagick",
  "libtiffpic-flower-rgb-contig-32.tif": "imagemagick",
  "libtiffpic-flower-rgb-planar-14.tif": "imagemagick",
  "libtiffpic-flower-rgb-planar-02.tif": "imagemagick",
  "libtiffpic-flower-rgb-planar-04.tif": "imagemagick",
  "libtiffpic-flower-palette-16.tif": "imagemagick",
  "libtiffpic-flower-separated-planar-16.tif": "imagemagick",
  "image-tiff-minisblack-1c-5b.tiff": "imagemagick",
  "image-tiff-random-fp16-pred2.tiff": "imagemagick",
  "image-tiff-random-fp16-pred3.tiff": "imagemagick",
  "libtiffpic-flower-minisblack-24.tif": { sameAs: "libtiffpic-flower-minisblack-16.tif" },
  "libtiffpic-flower-rgb-contig-24.tif": { sameAs: "libtiffpic-flower-rgb-contig-16.tif" },
  "libtiffpic-flower-rgb-planar-24.tif": { sameAs: "libtiffpic-flower-rgb-contig-16.tif" },
};

type Reference = "tiff2rgba" | "imagemagick" | "pillow" | { sameAs: string };

interface Variant {
  name: string;
  /** writes `output` from the work folder's source images */
  make: (output: string) => void;
  reference: Reference;
}

function run(command: string, args: string[], input?: string): Buffer {
  return execFileSync(command, args, { stdio: ["pipe", "pipe", "pipe"], maxBuffer: 1 << 30, input });
}

const im = (...args: string[]) => run(IMAGEMAGICK, args);
/** ImageMagick writing a file: it exits 1 on libtiff's warnings (an unknown Predictor for floats) though the file is written. */
function imWrite(out: string, ...args: string[]): void {
  try {
    im(...args, out);
  } catch (error) {
    if (!existsSync(out)) throw error;
  }
}
const tiffcp = (...args: string[]) => run("tiffcp", args);
const pillow = (script: string) => run(PYTHON, ["-c", script]);

function variants(work: string): Variant[] {
  const rgb = join(work, "source-rgb.tif");
  const rgba = join(work, "source-rgba.tif");
  const tiled = join(work, "source-tiled.tif");
  const pillowSource = `from PIL import Image\nim = Image.open(${JSON.stringify(rgb)}).convert("RGB")\n`;
  const cp = (name: string, ...options: string[]): Variant => ({ name, make: (out) => tiffcp(...options, rgb, out), reference: "tiff2rgba" });
  const magick = (name: string, reference: Reference, ...options: string[]): Variant => ({ name, make: (out) => imWrite(out, rgb, ...options), reference });
  return [
    cp("tiffcp-lzw-predictor2", "-c", "lzw:2"),
    cp("tiffcp-deflate-predictor2", "-c", "zip:2"),
    cp("tiffcp-packbits", "-c", "packbits"),
    cp("tiffcp-jpeg-ycbcr", "-c", "jpeg", "-r", "16"),
    cp("tiffcp-jpeg-rgb", "-c", "jpeg:r", "-r", "16"),
    cp("tiffcp-jpeg-ycbcr-tiles", "-t", "-w", "32", "-l", "32", "-c", "jpeg"),
    cp("tiffcp-jpeg-rgb-tiles", "-t", "-w", "32", "-l", "32", "-c", "jpeg:r"),
    { name: "tiffcp-jpeg-grey", make: (out) => tiffcp("-c", "jpeg", "-r", "16", grey(work), out), reference: "tiff2rgba" },
    // JPEG processes tiffcp does not write (libjpeg-turbo's cjpeg), each stream one strip of a TIFF
    { name: "cjpeg-arithmetic-ycbcr", make: (out) => cjpegInTiff(work, out, ["-arithmetic"], "ycbcr"), reference: "tiff2rgba" },
    { name: "cjpeg-arithmetic-progressive-rgb", make: (out) => cjpegInTiff(work, out, ["-arithmetic", "-progressive", "-rgb"], "rgb"), reference: "tiff2rgba" },
    { name: "cjpeg-arithmetic-grey", make: (out) => cjpegInTiff(work, out, ["-arithmetic", "-grayscale"], "grey"), reference: "tiff2rgba" },
    { name: "cjpeg-progressive-ycbcr-411", make: (out) => cjpegInTiff(work, out, ["-progressive", "-sample", "2x2"], "ycbcr"), reference: "tiff2rgba" },
    cp("tiffcp-separate-planes-lzw", "-p", "separate", "-c", "lzw"),
    cp("tiffcp-tiles-32-deflate", "-t", "-w", "32", "-l", "32", "-c", "zip"),
    cp("tiffcp-rows-per-strip-5", "-r", "5", "-c", "none"),
    cp("tiffcp-one-strip", "-s", "-r", "100000", "-c", "lzw"),
    { name: "tiffcp-tiles-listed-as-strips", make: (out) => tilesAsStrips(tiled, out), reference: "tiff2rgba" },
    { name: "tiffcp-rgba-tiles-separate", make: (out) => tiffcp("-t", "-p", "separate", "-c", "zip", rgba, out), reference: "tiff2rgba" },
    magick("magick-16bit", "tiff2rgba", "-depth", "16"),
    magick("magick-grey-4bit", "tiff2rgba", "-colorspace", "gray", "-depth", "4"),
    magick("magick-10bit", "imagemagick", "-depth", "10"),
    magick("magick-12bit-grey", "imagemagick", "-colorspace", "gray", "-depth", "12"),
    magick("magick-half-float", "imagemagick", "-depth", "16", "-define", "quantum:format=floating-point"),
    magick("magick-float32-lzw", "imagemagick", "-depth", "32", "-define", "quantum:format=floating-point", "-compress", "lzw"),
    magick("magick-float64", "imagemagick", "-depth", "64", "-define", "quantum:format=floating-point"),
    magick("magick-lab-8bit", "imagemagick", "-colorspace", "Lab"),
    magick("magick-lab-16bit", "imagemagick", "-colorspace", "Lab", "-depth", "16"),
    magick("magick-palette", "tiff2rgba", "-type", "palette"),
    magick("magick-cmyk", "tiff2rgba", "-colorspace", "cmyk"),
    magick("magick-bilevel-group4", "tiff2rgba", "-type", "bilevel", "-compress", "group4"),
    magick("magick-bilevel-group3", "tiff2rgba", "-type", "bilevel", "-compress", "fax"),
    { name: "magick-three-pages", make: (out) => im(rgb, "(", rgb, "-colorspace", "gray", ")", "(", rgb, "-type", "bilevel", ")", "-density", "150", out), reference: "tiff2rgba" },
    { name: "pillow-ycbcr", make: (out) => pillow(`${pillowSource}im.convert("YCbCr").save(${JSON.stringify(out)})`), reference: "tiff2rgba" },
    { name: "pillow-lab", make: (out) => pillow(`${pillowSource}im.convert("LAB").save(${JSON.stringify(out)})`), reference: "imagemagick" },
    { name: "pillow-i16", make: (out) => pillow(`${pillowSource}im.convert("L").convert("I;16").save(${JSON.stringify(out)}, compression="tiff_deflate")`), reference: "tiff2rgba" },
    { name: "pillow-float", make: (out) => pillow(`${pillowSource}im.convert("L").convert("F").point(lambda v: v / 255).save(${JSON.stringify(out)})`), reference: "imagemagick" },
  ];
}

/** The source picture in grey, uncompressed. */
function grey(work: string): string {
  const out = join(work, "source-grey.tif");
  if (!existsSync(out)) im(join(work, "source-rgb.tif"), "-colorspace", "gray", "-compress", "none", out);
  return out;
}

/** A JPEG stream from cjpeg (with `options`) as the single strip of a TIFF; YCbCr has cjpeg's 2 × 2 subsampling. */
function cjpegInTiff(work: string, out: string, options: string[], colour: "ycbcr" | "rgb" | "grey"): void {
  const ppm = join(work, colour === "grey" ? "source-grey.pgm" : "source-rgb.ppm");
  if (!existsSync(ppm)) im(join(work, "source-rgb.tif"), ...(colour === "grey" ? ["-colorspace", "gray"] : []), ppm);
  const jpeg = new Uint8Array(run(CJPEG, [...options, ppm]));
  const photometric = colour === "ycbcr" ? 6 : colour === "rgb" ? 2 : 1;
  writeFileSync(out, jpegInTiff(jpeg, { width: 150, height: 100, samplesPerPixel: colour === "grey" ? 1 : 3, bitsPerSample: 8, photometric, subsampling: [2, 2] }));
}

/** A tiled file whose TileOffsets and TileByteCounts tags are renumbered as the strip tags (libtiff still finds the tiles). */
function tilesAsStrips(tiledFile: string, out: string): void {
  const bytes = new Uint8Array(readFileSync(tiledFile));
  const view = new DataView(bytes.buffer);
  const le = bytes[0] === 0x49;
  const ifd = view.getUint32(4, le);
  const count = view.getUint16(ifd, le);
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    const tag = view.getUint16(at, le);
    if (tag === 324) view.setUint16(at, 273, le);
    if (tag === 325) view.setUint16(at, 279, le);
  }
  // keep the entries sorted by tag, as TIFF asks
  const entries = Array.from({ length: count }, (_, i) => bytes.slice(ifd + 2 + i * 12, ifd + 14 + i * 12)).toSorted((a, b) => new DataView(a.buffer).getUint16(0, le) - new DataView(b.buffer).getUint16(0, le));
  entries.forEach((entry, i) => bytes.set(entry, ifd + 2 + i * 12));
  writeFileSync(out, bytes);
}

function makeSources(work: string): void {
  const rgb = join(work, "source-rgb.tif");
  if (existsSync(rgb)) return;
  // a 150 × 100 photo-like picture with edges that tiles and strips do not divide evenly
  im("rose:", "-resize", "150x100!", "-density", "96", "-units", "PixelsPerInch", "-compress", "none", rgb);
  im(rgb, "(", "-size", "150x100", "gradient:white-black", ")", "-alpha", "off", "-compose", "CopyOpacity", "-composite", "-compress", "none", join(work, "source-rgba.tif"));
  tiffcp("-t", "-w", "64", "-l", "64", "-c", "none", rgb, join(work, "source-tiled.tif"));
}

async function cases(workDir: string): Promise<CorpusCase[]> {
  const listed = casesFromManifest(FOLDER).map((c) => ({ ...c, data: { ...c.data, reference: REFERENCE[basename(c.input)] ?? "tiff2rgba" } }));
  mkdirSync(workDir, { recursive: true });
  makeSources(workDir);
  const generated: CorpusCase[] = [];
  for (const variant of variants(workDir)) {
    const input = join(workDir, `${variant.name}.tif`);
    if (!existsSync(input)) variant.make(input);
    generated.push({ category: "tiff-to-pdf", name: `${variant.name}.tif (generated)`, input, outputExt: "pdf", expect: { converts: true }, data: { reference: variant.reference } });
  }
  return [...listed, ...generated];
}

// ---- the judge ----

interface DirectoryInfo {
  /** index in the file's chain (tiff2rgba writes one output directory per input directory) */
  index: number;
  width: number;
  height: number;
  dpiX: number;
  dpiY: number;
  /** Orientation 5–8: the page is shown turned a quarter */
  swaps: boolean;
}

/** The file's image pages as libtiff's tiffinfo lists them (reduced-resolution copies and masks left out, as viewers do). */
function pagesOf(input: string): DirectoryInfo[] {
  let text: string;
  try {
    text = run("tiffinfo", [input]).toString("latin1");
  } catch (error) {
    text = String((error as { stdout?: Buffer }).stdout ?? "");
  }
  const all: (DirectoryInfo & { reduced: boolean })[] = [];
  for (const section of text.split(/=== TIFF directory (\d+) ===/).slice(1).reduce<string[][]>((pairs, part, i, parts) => (i % 2 === 0 ? [...pairs, [part, parts[i + 1] ?? ""]] : pairs), [])) {
    const [index, whole] = section as [string, string];
    // tiffinfo prints a directory's SubIFDs inside its section: they are not pages
    const body = whole.split("--- SubIFD")[0] ?? "";
    const size = /Image Width: (\d+) Image Length: (\d+)/.exec(body);
    if (!size) continue;
    const resolution = /Resolution: ([\d.e+-]+), ([\d.e+-]+) ?(pixels\/inch|pixels\/cm|\(unitless\))?/.exec(body);
    const unit = resolution?.[3];
    const dpi = (value: string | undefined): number => {
      const n = Number(value);
      const perInch = unit === "pixels/cm" ? n * 2.54 : n;
      return unit === "(unitless)" || !(perInch >= 1 && perInch <= 100_000) ? 72 : perInch;
    };
    const subfile = /Subfile Type: ([^\n]*)/.exec(body)?.[1] ?? "";
    all.push({
      index: Number(index),
      width: Number(size[1]),
      height: Number(size[2]),
      dpiX: resolution ? dpi(resolution[1]) : 72,
      dpiY: resolution ? dpi(resolution[2]) : 72,
      swaps: /Orientation: row 0 (lhs|rhs)/.test(body),
      reduced: /reduced-resolution|transparency mask/.test(subfile),
    });
  }
  const pages = all.filter((d) => !d.reduced);
  return pages.length > 0 ? pages : all;
}

interface Raster {
  width: number;
  height: number;
  rgb: Uint8Array;
}

function parsePpm(ppm: Uint8Array): Raster {
  let offset = 0;
  const fields: number[] = [];
  let token = "";
  while (fields.length < 4 && offset < ppm.length) {
    const ch = String.fromCharCode(ppm[offset++]!);
    if (ch === "#" && !token) {
      // a comment (ImageMagick copies the TIFF's description into one) runs to the end of its line
      while (offset < ppm.length && ppm[offset] !== 0x0a) offset++;
      continue;
    }
    if (/\s/.test(ch)) {
      if (token) fields.push(token === "P6" ? 6 : Number(token));
      token = "";
    } else token += ch;
  }
  return { width: fields[1]!, height: fields[2]!, rgb: ppm.subarray(offset, offset + fields[1]! * fields[2]! * 3) };
}

/** One TIFF page decoded by an independent reader, composited on white, upright. */
function referencePage(input: string, page: DirectoryInfo, reference: Reference, workDir: string): Raster {
  if (typeof reference === "object") {
    const other = join(FOLDER, reference.sameAs);
    return referencePage(other, pagesOf(other)[0]!, "tiff2rgba", workDir);
  }
  if (reference === "imagemagick") {
    return parsePpm(new Uint8Array(im(`${input}[${page.index}]`, "-auto-orient", "-background", "white", "-alpha", "remove", "-alpha", "off", "-depth", "8", "ppm:-")));
  }
  if (reference === "pillow") {
    const script = `import sys\nfrom PIL import Image, ImageOps\nim = Image.open(sys.argv[1]); im.seek(int(sys.argv[2])); im = ImageOps.exif_transpose(im.convert("RGBA"))\nbg = Image.new("RGBA", im.size, "white"); bg.alpha_composite(im)\nout = bg.convert("RGB")\nsys.stdout.buffer.write(b"P6 %d %d 255\\n" % out.size + out.tobytes())`;
    return parsePpm(new Uint8Array(run(PYTHON, ["-c", script, input, String(page.index)])));
  }
  // libtiff's own RGBA reader, its output read back by ImageMagick (plain 8-bit RGBA, no decoding left to do)
  const out = join(workDir, `${basename(input)}.tiff2rgba.tif`);
  if (!existsSync(out)) run("tiff2rgba", ["-c", "none", input, out]);
  return parsePpm(new Uint8Array(im(`${out}[${page.index}]`, "-background", "white", "-alpha", "remove", "-alpha", "off", "-depth", "8", "ppm:-")));
}

/** Our PDF's page rendered by poppler at 4× the image's resolution, each image pixel read at the centre of its block. */
function renderedPage(pdf: string, pageNumber: number, width: number, height: number, pageWidthPt: number, pageHeightPt: number): Raster {
  const scale = 4;
  const rx = ((width * 72) / pageWidthPt) * scale;
  const ry = ((height * 72) / pageHeightPt) * scale;
  const big = parsePpm(new Uint8Array(run("pdftoppm", ["-f", String(pageNumber), "-l", String(pageNumber), "-rx", String(rx), "-ry", String(ry), "-aa", "no", "-aaVector", "no", pdf])));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.min(big.width - 1, Math.floor((x + 0.5) * (big.width / width)));
      const sy = Math.min(big.height - 1, Math.floor((y + 0.5) * (big.height / height)));
      const from = (sy * big.width + sx) * 3;
      rgb.set(big.rgb.subarray(from, from + 3), (y * width + x) * 3);
    }
  }
  return { width, height, rgb };
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / (sum / a.length));
}

function pdfPageSizes(pdf: string): { width: number; height: number }[] {
  const text = run("pdfinfo", ["-f", "1", "-l", "100000", pdf]).toString();
  return [...text.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
}

async function judge(corpusCase: CorpusCase, outputPath: string, workDir: string): Promise<string | null> {
  const reference = (corpusCase.data?.reference ?? "tiff2rgba") as Reference;
  const pages = pagesOf(corpusCase.input);
  if (pages.length === 0) return "tiffinfo lists no image page in this file";
  let sizes: { width: number; height: number }[];
  try {
    sizes = pdfPageSizes(outputPath);
  } catch {
    return "poppler cannot read the PDF";
  }
  if (sizes.length !== pages.length) return `the PDF has ${sizes.length} pages, the TIFF ${pages.length}`;
  const scratch = join(workDir, "judge");
  mkdirSync(scratch, { recursive: true });
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const width = page.swaps ? page.height : page.width;
    const height = page.swaps ? page.width : page.height;
    const expectedW = (width * 72) / (page.swaps ? page.dpiY : page.dpiX);
    const expectedH = (height * 72) / (page.swaps ? page.dpiX : page.dpiY);
    const size = sizes[i]!;
    if (Math.abs(size.width - expectedW) > 0.6 || Math.abs(size.height - expectedH) > 0.6) {
      return `page ${i + 1} is ${size.width} × ${size.height} pt, its resolution says ${expectedW.toFixed(1)} × ${expectedH.toFixed(1)} pt`;
    }
    let expected: Raster;
    try {
      expected = referencePage(corpusCase.input, page, reference, scratch);
    } catch (error) {
      return `the reference decoder (${typeof reference === "string" ? reference : "same picture"}) could not read page ${i + 1}: ${String(error).slice(0, 120)}`;
    }
    if (expected.width !== width || expected.height !== height) return `page ${i + 1}: the reference decode is ${expected.width} × ${expected.height}, the page ${width} × ${height}`;
    const ours = renderedPage(outputPath, i + 1, width, height, size.width, size.height);
    const score = psnr(ours.rgb, expected.rgb);
    if (score < MIN_PSNR) return `page ${i + 1} differs from the reference decode (${score.toFixed(1)} dB, below ${MIN_PSNR})`;
  }
  return null;
}

const tiff: CorpusFormat = { cases, judge };
export default tiff;
