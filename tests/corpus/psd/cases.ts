// PSD/PSB → PDF corpus: the files kept here (Photoshop's own from ag-psd's tests, Pillow's test
// files) plus variants that ImageMagick and ag-psd's writer make at run time. The judge renders our
// PDF with pdftoppm (4× and pixel centres, as tests/support/codecs/pdf/test-helpers.ts does) and compares it, on
// white, with a reference picture from a reader that is not ours:
// - "imagemagick" (the default): ImageMagick's first image, `file[0]`. It is the composite when the
//   file has a real one, and ImageMagick's own flattening of the visible layers when the version-info
//   resource says there is none. Only Photoshop mattes a translucent composite with white, so for
//   other writers the white matte is not undone (`psd:alpha-unblend=off`), as decision 009 says.
// - "pillow": Pillow's composite (ImageMagick cannot read indexed PSDs).
// - "photoshop-thumbnail": Photoshop's own rendering, the JPEG thumbnail it stores in the file
//   (exiftool extracts it); our page is scaled down to its size with ImageMagick. For what ImageMagick
//   draws wrong (32-bit documents, some masks), with a lower tolerance for the JPEG and the scaling.
// - "ag-psd": ag-psd's reader, its composite or, without one, its visible layers laid over each
//   other (normal blending, opacity, masks, hidden groups skipped) by the short function below: for
//   files ImageMagick misreads, and for groups (ImageMagick draws the layers of a hidden group and
//   ignores a group's opacity).
// Tolerance: PSNR over the colour channels, 38 dB for composites by default (8-bit rounding and
// CMYK/16-bit conversions stay above 45 dB), lower where the case says why. A uniform page where the
// reference is not uniform (a blank or stand-in page) always fails.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { initializeCanvas, readPsd, writePsd, type Layer, type Psd } from "ag-psd";
import { pdfinfo, pdfPagePixels, psnr, rgbaOnWhite } from "#tests/support/codecs/pdf/test-helpers.ts";
import { IMAGEMAGICK, PYTHON } from "#tests/support/reference-tools.ts";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";

const FOLDER = import.meta.dirname;

type ReferenceKind = "imagemagick" | "pillow" | "ag-psd" | "photoshop-thumbnail";

interface JudgeData {
  reference?: ReferenceKind;
  /** minimum PSNR in dB */
  minPsnr?: number;
  /** the reference picture is read from this file (the kept original of a variant made at run time) */
  referenceFile?: string;
}

/** Files whose reference is not ImageMagick's composite, or whose tolerance differs, and why. */
const OVERRIDES: Record<string, JudgeData & { why: string }> = {
  "ag-indexed.psd": { reference: "pillow", why: "ImageMagick cannot read indexed PSD files" },
  "ag-lantern.psd": { reference: "ag-psd", why: "ImageMagick misreads this file's raw layer channels (shifted by one pixel, alpha 0)" },
  "ag-grayscale-alpha.psd": { reference: "ag-psd", why: "ImageMagick's composite alpha disagrees with the file's own layer (162 where the layer says 212)" },
  "psdtools-300dpi.psd": {
    reference: "photoshop-thumbnail",
    minPsnr: 30,
    why: "ImageMagick shows 32-bit floats (linear light) without encoding them for display: 19 dB from Photoshop's own thumbnail, ours 37 dB",
  },
  "photoshopapi-SingleLayer_32bit_MaximizeCompatibilityOff.psd": { reference: "photoshop-thumbnail", minPsnr: 30, why: "ImageMagick cannot read 32-bit ZIP-predicted layers" },
  "photoshopapi-Compression_ZipPrediction_MaximizeCompatibilityOff_32bit.psb": { reference: "photoshop-thumbnail", minPsnr: 30, why: "ImageMagick cannot read 32-bit ZIP-predicted layers" },
  "psdtools-layers-minimal-gradient-fill.psd": { reference: "photoshop-thumbnail", minPsnr: 28, why: "ImageMagick prints the white stand-in composite" },
  "psdtools-layers-minimal-shape-layer.psd": {
    reference: "photoshop-thumbnail",
    minPsnr: 15,
    why: "ImageMagick draws no shape; the 32 × 32 thumbnail also shows the shape's 1-pixel outline, which we do not draw (named in the notes)",
  },
  "psdtools-mask_parameters.psd": { reference: "photoshop-thumbnail", minPsnr: 28, why: "ImageMagick ignores this layer mask (6 dB from Photoshop's thumbnail)" },
  "psdtools-masks-2.psd": { reference: "photoshop-thumbnail", minPsnr: 28, why: "ImageMagick draws the fill layer's colour and masks differently from Photoshop's thumbnail" },
  "psdtools-colormodes-4x4_8bit_lab.psd": { minPsnr: 28, why: "ImageMagick converts Lab with a D65 white, Photoshop (and we) with D50 adapted to sRGB: saturated colours up to 20 levels apart" },
  "psdtools-colormodes-4x4_16bit_lab.psd": { minPsnr: 28, why: "as the 8-bit Lab file" },
  "twelvemonkeys-jugware-icon.psd": {
    reference: "photoshop-thumbnail",
    minPsnr: 22,
    why: "ImageMagick draws no layer effects (11 dB); the outer stroke and drop shadow we draw differ at the edges from Photoshop's 128-pixel thumbnail (22.9 dB; the stand-in text scores 2 dB)",
  },
  "oov-indexed-transparent-index.psd": { reference: "pillow", why: "ImageMagick cannot read indexed PSD files; the judge applies the transparent palette entry Pillow ignores" },
  "oov-medibang-unnamed-transparency.psd": { reference: "pillow", why: "ImageMagick reads the unnamed fourth channel of a layered file as a selection (a black page where MediBang's thumbnail shows white)" },
};

function magickRgba(args: string[]): { width: number; height: number; data: Uint8Array } {
  const size = execFileSync(IMAGEMAGICK, [...args, "-format", "%w %h\n", "info:"], { encoding: "utf8" }).trim().split("\n")[0]!.split(" ").map(Number);
  const data = new Uint8Array(execFileSync(IMAGEMAGICK, [...args, "-depth", "8", "rgba:-"], { maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] }));
  return { width: size[0]!, height: size[1]!, data };
}

/** exiftool's reading of the version-info resource: who wrote the file. */
function writtenByPhotoshop(file: string): boolean {
  const text = execFileSync("exiftool", ["-s3", "-WriterName", file], { encoding: "utf8" });
  return text.startsWith("Adobe Photoshop");
}

function imagemagickReference(file: string): { width: number; height: number; data: Uint8Array } {
  const unblend = writtenByPhotoshop(file) ? [] : ["-define", "psd:alpha-unblend=off"];
  return magickRgba([...unblend, `${file}[0]`, "-colorspace", "sRGB"]);
}

// Pillow ignores an indexed image's transparent palette entry (resource 0x0417, which Photoshop
// honours): the script finds it in the image resources itself and clears those pixels' alpha
const PILLOW_SCRIPT = `import sys, struct
from PIL import Image
src = Image.open(sys.argv[1])
im = src.convert('RGBA')
if src.mode == 'P':
    d = open(sys.argv[1], 'rb').read()
    o = 26 + 4 + struct.unpack('>I', d[26:30])[0]
    end = o + 4 + struct.unpack('>I', d[o:o + 4])[0]
    r = o + 4
    while r + 12 <= end and d[r:r + 4] == b'8BIM':
        rid = struct.unpack('>H', d[r + 4:r + 6])[0]
        p = r + 6 + ((d[r + 6] + 2) & ~1)
        size = struct.unpack('>I', d[p:p + 4])[0]
        if rid == 0x0417 and size >= 2:
            index = struct.unpack('>H', d[p + 4:p + 6])[0]
            indices = Image.frombytes('L', src.size, src.tobytes())
            alpha = indices.point(lambda v: 0 if v == index else 255)
            im.putalpha(alpha)
        r = p + 4 + ((size + 1) & ~1)
sys.stdout.write('%d %d\\n' % im.size)
sys.stdout.flush()
sys.stdout.buffer.write(im.tobytes())`;

function pillowReference(file: string): { width: number; height: number; data: Uint8Array } {
  const script = PILLOW_SCRIPT;
  const out = execFileSync(PYTHON, ["-c", script, file], { maxBuffer: 1 << 30 });
  const newline = out.indexOf(10);
  const [width, height] = out.subarray(0, newline).toString().split(" ").map(Number) as [number, number];
  return { width, height, data: new Uint8Array(out.subarray(newline + 1)) };
}

let canvasReady = false;
/** ag-psd's picture: its composite, or its visible layers laid over each other (normal blending, opacity, layer masks). */
function agPsdReference(file: string): { width: number; height: number; data: Uint8Array } {
  if (!canvasReady) {
    initializeCanvas(
      () => {
        throw new Error("no canvas");
      },
      (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: "srgb" }) as unknown as ImageData,
    );
    canvasReady = true;
  }
  const psd = readPsd(readFileSync(file), { useImageData: true, skipThumbnail: true });
  if (psd.imageData && !psd.children?.length) return { width: psd.width, height: psd.height, data: new Uint8Array(psd.imageData.data.buffer) };
  const out = new Float64Array(psd.width * psd.height * 4);
  const draw = (layers: Layer[], parentOpacity: number) => {
    for (const layer of layers) {
      if (layer.hidden) continue;
      const opacity = parentOpacity * (layer.opacity ?? 1);
      if (layer.children) {
        draw(layer.children, opacity);
        continue;
      }
      const image = layer.imageData;
      if (!image) continue;
      const left = layer.left ?? 0;
      const top = layer.top ?? 0;
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          const dx = x + left;
          const dy = y + top;
          if (dx < 0 || dy < 0 || dx >= psd.width || dy >= psd.height) continue;
          const s = (y * image.width + x) * 4;
          const d = (dy * psd.width + dx) * 4;
          const a = ((image.data[s + 3] as number) / 255) * opacity * maskCoverage(layer, dx, dy);
          const da = out[d + 3]!;
          const oa = a + da * (1 - a);
          if (oa <= 0) continue;
          for (let c = 0; c < 3; c++) out[d + c] = ((image.data[s + c] as number) * a + out[d + c]! * da * (1 - a)) / oa;
          out[d + 3] = oa;
        }
      }
    }
  };
  draw(psd.children ?? [], 1);
  const data = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) data[i] = Math.round((i & 3) === 3 ? out[i]! * 255 : out[i]!);
  return { width: psd.width, height: psd.height, data };
}

/** A layer mask's coverage (0..1) at a document pixel, as ag-psd reads the mask. */
function maskCoverage(layer: Layer, x: number, y: number): number {
  const mask = layer.mask;
  if (!mask || mask.disabled || !mask.imageData) return 1;
  const mx = x - (mask.left ?? 0);
  const my = y - (mask.top ?? 0);
  if (mx < 0 || my < 0 || mx >= mask.imageData.width || my >= mask.imageData.height) return (mask.defaultColor ?? 0) / 255;
  return (mask.imageData.data[(my * mask.imageData.width + mx) * 4] as number) / 255;
}

function uniform(rgb: Uint8Array): boolean {
  for (let i = 3; i < rgb.length; i++) if (rgb[i] !== rgb[i % 3]) return false;
  return true;
}

function im(args: string[]): void {
  execFileSync(IMAGEMAGICK, args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** The variants made at run time by independent writers. */
function generate(workDir: string): CorpusCase[] {
  const out: CorpusCase[] = [];
  // every file made here starts with "psd-": the work folder may be shared with other formats
  const at = (name: string) => join(workDir, `psd-${name}`);
  const add = (name: string, data: JudgeData = {}, expect: CorpusCase["expect"] = { converts: true }) =>
    out.push({ category: "psd-to-pdf", name: `generated/${name}`, input: at(name), outputExt: "pdf", expect, data: { ...data } });
  im(["-size", "96x64", "-seed", "11", "plasma:fractal", "-depth", "8", at("picture.png")]);
  im([at("picture.png"), "(", "-size", "96x64", "gradient:white-black", ")", "-alpha", "off", "-compose", "CopyOpacity", "-composite", at("picture-alpha.png")]);
  const variants: [string, string[]][] = [
    ["im-rgb8.psd", []],
    ["im-rgb8.psb", []],
    ["im-rgb16.psd", ["-depth", "16"]],
    ["im-rgb16-raw.psd", ["-depth", "16", "-compress", "None"]],
    ["im-gray8.psd", ["-colorspace", "Gray"]],
    ["im-gray16.psd", ["-colorspace", "Gray", "-depth", "16"]],
    ["im-cmyk8.psd", ["-colorspace", "CMYK"]],
    ["im-cmyk16.psd", ["-colorspace", "CMYK", "-depth", "16"]],
    ["im-cmyk8-raw.psd", ["-colorspace", "CMYK", "-compress", "None"]],
    ["im-indexed.psd", ["-colors", "16", "-type", "Palette"]],
    ["im-bitmap.psd", ["-monochrome", "-depth", "1"]],
    ["im-zip.psd", ["-compress", "Zip"]],
  ];
  for (const [name, args] of variants) {
    im([at("picture.png"), ...args, `${name.endsWith(".psb") ? "PSB" : "PSD"}:${at(name)}`]);
    // ImageMagick cannot read its own indexed PSD back: Pillow is the reference there
    add(name, name === "im-indexed.psd" ? { reference: "pillow" } : {});
  }
  im([at("picture-alpha.png"), `PSD:${at("im-rgba8.psd")}`]);
  add("im-rgba8.psd");
  im([at("picture-alpha.png"), "-depth", "16", `PSB:${at("im-rgba16.psb")}`]);
  add("im-rgba16.psb");
  // a layered file: ImageMagick writes the first image as the composite, the others as layers
  im([at("picture.png"), "(", "-size", "30x20", "xc:red", "-repage", "+10+8", ")", "(", "-size", "20x40", "xc:rgba(0,0,255,0.5)", "-repage", "+50+10", ")", at("im-layers.psd")]);
  add("im-layers.psd");
  im([at("picture.png"), "-colorspace", "CMYK", "(", "-size", "30x20", "xc:red", "-colorspace", "CMYK", "-repage", "+10+8", ")", at("im-layers-cmyk.psd")]);
  add("im-layers-cmyk.psd");
  // files without a composite (as Photoshop saves them with "Maximize compatibility" off), written by ag-psd
  writeFileSync(at("agpsd-no-composite.psd"), noCompositeFile(false));
  add("agpsd-no-composite.psd", { reference: "ag-psd", minPsnr: 30 });
  writeFileSync(at("agpsd-no-composite.psb"), noCompositeFile(true));
  add("agpsd-no-composite.psb", { reference: "ag-psd", minPsnr: 30 });
  // Photoshop's text stand-in composite in a file whose version-info resource is gone (renamed here):
  // the picture still comes from the layers
  const standIn = readFileSync(join(FOLDER, "twelvemonkeys-jugware-icon.psd"));
  const versionInfo = standIn.indexOf(Buffer.from("8BIM\x04\x21", "latin1"));
  standIn.writeUInt16BE(0x0fff, versionInfo + 4);
  writeFileSync(at("stand-in-without-version-info.psd"), standIn);
  add("stand-in-without-version-info.psd", { reference: "photoshop-thumbnail", minPsnr: 22 });
  // clipping groups drawn from the layers (the has-real-merged-data flag cleared), judged against the
  // original's real composite: ImageMagick's own flattening draws clipped layers Normal
  const clipping = readFileSync(join(FOLDER, "oov-clipping-blend-as-group.psd"));
  const info = clipping.indexOf(Buffer.from("8BIM\x04\x21", "latin1"));
  clipping[info + 6 + ((clipping[info + 6]! + 2) & ~1) + 4 + 4] = 0;
  writeFileSync(at("clipping-drawn-from-layers.psd"), clipping);
  add("clipping-drawn-from-layers.psd", { minPsnr: 28, referenceFile: join(FOLDER, "oov-clipping-blend-as-group.psd") });
  // a 32-bit document's shape layers (linear-light fill colours) drawn from the layers, flag cleared
  const deep = readFileSync(join(FOLDER, "psdtools-300dpi.psd"));
  const deepInfo = deep.indexOf(Buffer.from("8BIM\x04\x21", "latin1"));
  deep[deepInfo + 6 + ((deep[deepInfo + 6]! + 2) & ~1) + 4 + 4] = 0;
  writeFileSync(at("32bit-shapes-drawn-from-layers.psd"), deep);
  add("32bit-shapes-drawn-from-layers.psd", { reference: "photoshop-thumbnail", minPsnr: 30 });
  // really broken files: refused, saying what is wrong
  const whole = readFileSync(at("im-rgb16.psd"));
  writeFileSync(at("cut-in-composite.psd"), whole.subarray(0, Math.floor(whole.length * 0.7)));
  add("cut-in-composite.psd", {}, { refused: true, reason: /truncated|cut short/i });
  writeFileSync(at("cut-in-header.psd"), whole.subarray(0, 20));
  add("cut-in-header.psd", {}, { refused: true, reason: /truncated|cut short/i });
  const layered = readFileSync(at("im-layers.psd"));
  writeFileSync(at("cut-in-layers.psd"), layered.subarray(0, 400));
  add("cut-in-layers.psd", {}, { refused: true, reason: /truncated|cut short/i });
  return out;
}

/** A picture of solid rectangles, for ag-psd's writer. */
function block(width: number, height: number, rgba: [number, number, number, number], hole = false): ImageData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const inHole = hole && x > width / 3 && x < (2 * width) / 3;
      data.set(inHole ? [0, 0, 0, 0] : [rgba[0], rgba[1], rgba[2], rgba[3] * (0.5 + (0.5 * x) / width)], o);
    }
  }
  return { width, height, data, colorSpace: "srgb" } as unknown as ImageData;
}

/** Layers with opacity, a hidden layer, a layer mask, a group with opacity and a hidden group; no composite. */
function noCompositeFile(psb: boolean): Uint8Array {
  const mask = new Uint8ClampedArray(40 * 30 * 4);
  for (let i = 0; i < 40 * 30; i++) mask.fill((i % 40) * 6, i * 4, i * 4 + 4);
  const psd = {
    width: 120,
    height: 80,
    imageResources: { versionInfo: { hasRealMergedData: false, writerName: "Adobe Photoshop", readerName: "Adobe Photoshop CS6", fileVersion: 1 } },
    children: [
      { name: "background", top: 0, left: 0, imageData: block(120, 80, [230, 220, 200, 255]) },
      { name: "half", top: 10, left: 10, opacity: 0.5, imageData: block(50, 40, [200, 30, 30, 255], true) },
      { name: "hidden", top: 0, left: 0, hidden: true, imageData: block(120, 80, [0, 0, 0, 255]) },
      { name: "masked", top: 40, left: 60, imageData: block(40, 30, [20, 120, 220, 255]), mask: { top: 40, left: 60, bottom: 70, right: 100, defaultColor: 0, imageData: { width: 40, height: 30, data: mask } } },
      {
        name: "group",
        opacity: 0.6,
        children: [{ name: "in group", top: 5, left: 80, imageData: block(30, 30, [30, 160, 60, 255]) }],
      },
      { name: "hidden group", hidden: true, children: [{ name: "under hidden group", top: 0, left: 0, imageData: block(60, 60, [255, 0, 255, 255]) }] },
    ],
  } as unknown as Psd;
  return new Uint8Array(writePsd(psd, { psb }));
}

/** Photoshop's thumbnail (0x040C) and our page scaled to its size, both as RGB on white. */
function againstThumbnail(file: string, page: { width: number; height: number; rgb: Uint8Array }, workDir: string): { ours: Uint8Array; reference: Uint8Array } | string {
  const thumbnail = join(workDir, "psd-thumbnail.jpg");
  writeFileSync(thumbnail, execFileSync("exiftool", ["-b", "-PhotoshopThumbnail", file], { maxBuffer: 1 << 26 }));
  const reference = magickRgba([thumbnail]);
  if (reference.width === 0) return "the file has no Photoshop thumbnail to compare with";
  const ppm = join(workDir, "psd-page.ppm");
  writeFileSync(ppm, Buffer.concat([Buffer.from(`P6\n${page.width} ${page.height}\n255\n`), page.rgb]));
  const ours = magickRgba([ppm, "-resize", `${reference.width}x${reference.height}!`]);
  return { ours: rgbaOnWhite(ours.data), reference: rgbaOnWhite(reference.data) };
}

const format: CorpusFormat = {
  async cases(workDir) {
    const kept = casesFromManifest(FOLDER).map((c) => {
      const override = OVERRIDES[c.name];
      return override ? { ...c, data: { ...c.data, reference: override.reference, minPsnr: override.minPsnr } } : c;
    });
    return [...kept, ...generate(workDir)];
  },

  async judge(corpusCase, outputPath, workDir) {
    const data = (corpusCase.data ?? {}) as JudgeData;
    const kind = data.reference ?? "imagemagick";
    const min = data.minPsnr ?? 38;
    if (kind === "photoshop-thumbnail") {
      const info = pdfinfo(outputPath);
      // the document's width, from its header (bytes 18–21)
      const width = readFileSync(corpusCase.input).readUInt32BE(18);
      const page = pdfPagePixels(outputPath, 1, (width * 72) / info.sizes[0]!.width);
      const pair = againstThumbnail(corpusCase.input, page, workDir);
      if (typeof pair === "string") return pair;
      if (uniform(page.rgb) && !uniform(pair.reference)) return "a blank page (one colour throughout) where Photoshop's thumbnail shows a picture";
      const quality = psnr(pair.ours, pair.reference, 3);
      return quality >= min ? null : `PSNR ${quality.toFixed(1)} dB against Photoshop's thumbnail, below ${min} dB`;
    }
    const referenceFile = data.referenceFile ?? corpusCase.input;
    const reference = kind === "pillow" ? pillowReference(referenceFile) : kind === "ag-psd" ? agPsdReference(referenceFile) : imagemagickReference(referenceFile);
    const info = pdfinfo(outputPath);
    if (info.pages !== 1) return `the PDF has ${info.pages} pages, not 1`;
    // render at the resolution that gives the image's own pixels
    const dpi = (reference.width * 72) / info.sizes[0]!.width;
    const page = pdfPagePixels(outputPath, 1, dpi);
    if (page.width !== reference.width || page.height !== reference.height) return `page of ${page.width} × ${page.height} pixels, reference ${reference.width} × ${reference.height}`;
    const expected = rgbaOnWhite(reference.data);
    if (uniform(page.rgb) && !uniform(expected)) return "a blank page (one colour throughout) where the reference shows a picture";
    const quality = psnr(page.rgb, expected, 3);
    return quality >= min ? null : `PSNR ${quality.toFixed(1)} dB against ${kind}'s reading, below ${min} dB`;
  },
};

export default format;
