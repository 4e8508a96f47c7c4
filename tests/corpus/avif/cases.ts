// AVIF → SVG corpus: the files kept here (libavif's tests/data, link-u's samples; manifest.json)
// plus variants libavif's avifenc writes at run time (bit depths, subsamplings, alpha, grids, ICC,
// nclx) and byte surgery on them (a non-zero 'hdlr' reserved field, no 'ispe', a cut file, a HEIC
// brand, a renamed PNG). The judge renders our SVG with librsvg and compares it with libavif's
// decode (avifdec --no-strict) or libheif's (heif-convert): right when it matches either, as the two
// readers disagree on some files (docs/decisions/030-avif-real-world.md).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { rebuiltAvif } from "#codecs/avif/decode.ts";
import { decodePng } from "#codecs/png/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";
import { meanDifferenceOnWhite } from "#tests/support/pixel-difference.ts";
import { AVIFDEC, AVIFENC, HEIF_CONVERT, IMAGEMAGICK, RSVG_CONVERT } from "#tests/support/reference-tools.ts";

const FOLDER = fileURLToPath(new URL(".", import.meta.url));
/** Mean difference per channel over white, in 8-bit steps: lossy YUV → RGB rounding and chroma upsampling differ between decoders. */
const MEAN_TOLERANCE = 4;
/** files whose ICC profile the browser applies and the reference decoders do not */
const COLOUR_MANAGED_TOLERANCE = 24;

interface Variant {
  name: string;
  args: string[];
  source: "opaque" | "alpha";
  surgery?: (bytes: Uint8Array) => Uint8Array;
  expect?: CorpusCase["expect"];
}

const VARIANTS: Variant[] = [
  { name: "8bit-420", args: ["-d", "8", "-y", "420"], source: "opaque" },
  { name: "10bit-444", args: ["-d", "10", "-y", "444"], source: "opaque" },
  { name: "12bit-420", args: ["-d", "12", "-y", "420"], source: "opaque" },
  { name: "8bit-400", args: ["-d", "8", "-y", "400"], source: "opaque" },
  { name: "10bit-422", args: ["-d", "10", "-y", "422"], source: "opaque" },
  { name: "alpha-8bit", args: ["-d", "8", "-y", "444"], source: "alpha" },
  { name: "alpha-10bit-420", args: ["-d", "10", "-y", "420"], source: "alpha" },
  { name: "grid-2x2", args: ["-y", "420", "--grid", "2x2"], source: "opaque" },
  { name: "grid-2x2-alpha", args: ["-y", "444", "--grid", "2x2"], source: "alpha" },
  { name: "icc", args: ["--icc", join(FOLDER, "srgb2014.icc")], source: "opaque" },
  { name: "nclx-bt709", args: ["--cicp", "1/13/1"], source: "opaque" },
  { name: "nclx-and-icc", args: ["--cicp", "1/13/1", "--icc", join(FOLDER, "srgb2014.icc")], source: "opaque" },
  { name: "hdlr-reserved", args: [], source: "opaque", surgery: (bytes) => patchHdlrReserved(bytes) },
  { name: "no-ispe", args: [], source: "opaque", surgery: (bytes) => renameBoxes(bytes, "ispe", "free") },
  { name: "alpha-no-ispe", args: [], source: "alpha", surgery: (bytes) => renameBoxes(bytes, "ispe", "free") },
  { name: "grid-no-ispe", args: ["--grid", "2x2"], source: "opaque", surgery: (bytes) => renameBoxes(bytes, "ispe", "free") },
  { name: "no-pixi", args: [], source: "alpha", surgery: (bytes) => renameBoxes(bytes, "pixi", "free") },
  {
    name: "truncated",
    args: [],
    source: "opaque",
    surgery: (bytes) => bytes.subarray(0, Math.floor(bytes.length * 0.6)),
    expect: { refused: true, reason: /truncated|could not be decoded|damaged/i },
  },
  {
    name: "heic-brand",
    args: [],
    source: "opaque",
    surgery: (bytes) => heicBrand(bytes),
    expect: { refused: true, reason: /not an AVIF|HEIC/i },
  },
];

const corpus: CorpusFormat = {
  async cases(workDir) {
    const cases = casesFromManifest(FOLDER);
    const opaque = join(workDir, "avif-source-opaque.png");
    const alpha = join(workDir, "avif-source-alpha.png");
    // a colourful 128 × 128 picture (even sides, so every grid and subsampling fits), and a copy with a sloped alpha
    execFileSync(IMAGEMAGICK, ["-size", "128x128", "gradient:#e03020-#2040d0", "-fill", "#f0e040", "-draw", "circle 64,64 64,30", "-fill", "#10a050", "-draw", "rectangle 6,6 30,22", `png24:${opaque}`]);
    execFileSync(IMAGEMAGICK, [opaque, "-alpha", "set", "-channel", "A", "-fx", "0.15+0.85*i/w", "+channel", `png32:${alpha}`]);
    for (const variant of VARIANTS) {
      const output = join(workDir, `generated-${variant.name}.avif`);
      execFileSync(AVIFENC, ["-s", "8", "--min", "0", "--max", "10", ...variant.args, variant.source === "alpha" ? alpha : opaque, output], { stdio: "pipe" });
      let reference: string | undefined;
      if (variant.surgery) {
        // the file before surgery is the judge's reference: the reference readers refuse some surgered files or misread them
        reference = join(workDir, `generated-${variant.name}-before-surgery.avif`);
        writeFileSync(reference, readFileSync(output));
        writeFileSync(output, variant.surgery(readFileSync(output)));
      }
      cases.push({
        category: "avif-to-svg",
        name: `generated-${variant.name}.avif (avifenc ${variant.args.join(" ")}${variant.surgery ? ", byte surgery" : ""})`,
        input: output,
        outputExt: "svg",
        expect: variant.expect ?? { converts: true },
        browser: true,
        data: reference ? { reference } : undefined,
      });
    }
    const png = join(workDir, "renamed-png.avif");
    writeFileSync(png, readFileSync(opaque));
    cases.push({ category: "avif-to-svg", name: "renamed-png.avif (a PNG)", input: png, outputExt: "svg", expect: { refused: true, reason: /PNG/ }, browser: true });
    return cases;
  },

  async judge(corpusCase, outputPath, workDir) {
    const svg = readFileSync(outputPath, "utf8");
    if (!svg.includes("<svg")) return "the output is not an SVG document";
    const base = join(workDir, `judge-${corpusCase.name.replace(/[^\w.-]+/g, "_").slice(0, 80)}`);
    try {
      execFileSync(RSVG_CONVERT, ["-o", `${base}-ours.png`, outputPath], { stdio: "pipe" });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
      return `librsvg cannot render the SVG: ${stderr.split("\n")[0] ?? "no reason given"}`;
    }
    const ours = decodePng(readFileSync(`${base}-ours.png`));
    const references = referenceDecodes(referenceInput(corpusCase, base), base);
    if (references.length === 0) return "neither heif-convert nor avifdec decodes this file, so it cannot be judged";
    const tolerance = hasIccProfile(corpusCase.input) ? COLOUR_MANAGED_TOLERANCE : MEAN_TOLERANCE;
    const verdicts = references.map(({ tool, image }) => {
      if (ours.width !== image.width || ours.height !== image.height) return `size ${ours.width} × ${ours.height}, but ${tool} gives ${image.width} × ${image.height}`;
      const mean = meanDifferenceOnWhite(ours, image);
      return mean <= tolerance ? null : `mean difference ${mean.toFixed(2)} from ${tool}'s decode (tolerance ${tolerance})`;
    });
    // right when it matches one reference reader: libheif and libavif disagree on some files (an alpha plane without 'ispe', transforms)
    return verdicts.includes(null) ? null : verdicts.join("; ");
  },
};

export default corpus;

/** A reference decoder's PNG (16-bit for deep images) as 8-bit RGBA, through ImageMagick. */
function eightBit(png: string): RgbaImage {
  execFileSync(IMAGEMAGICK, [png, "-depth", "8", `png32:${png}`]);
  return decodePng(readFileSync(png));
}

/**
 * libheif's decode (it applies clap, irot and imir; for a file with several top-level images, the
 * one of the primary's size by libavif) and libavif's (avifdec --no-strict: the primary image or
 * first frame, no transforms), as 8-bit RGBA.
 */
function referenceDecodes(input: string, base: string): { tool: string; image: RgbaImage }[] {
  const found: { tool: string; image: RgbaImage }[] = [];
  const libavif = avifdecDecode(input, `${base}-avifdec.png`);
  if (libavif) {
    found.push({ tool: "avifdec", image: libavif.image });
    // libavif 0.11 leaves 8-bit limited-range grey unexpanded (its 10-bit decode of the same picture expands it)
    if (/Bit Depth\s*: 8/.test(libavif.info) && /Format\s*: YUV400/.test(libavif.info) && /Range\s*: Limited/.test(libavif.info)) {
      found.push({ tool: "avifdec with the limited range expanded", image: expandLimitedRange(libavif.image) });
    }
  } else {
    // libavif refuses the container (a repeated 'ipma', a missing 'pixi'...): its decode of the
    // same AV1 data in a rewritten container (our rebuild: boxes only, the pixels stay libavif's)
    const rebuilt = rebuiltAvif(readFileSync(input));
    if (rebuilt) {
      writeFileSync(`${base}-rebuilt.avif`, rebuilt.bytes);
      const decoded = avifdecDecode(`${base}-rebuilt.avif`, `${base}-avifdec-rebuilt.png`);
      if (decoded) found.push({ tool: "avifdec (container rewritten)", image: decoded.image });
    }
  }
  for (const ext of ["png", "jpg"]) {
    // heif-convert cannot write some ICC profiles into a PNG: then a JPEG at quality 100
    const out = `${base}-heif.${ext}`;
    try {
      execFileSync(HEIF_CONVERT, [...(ext === "jpg" ? ["-q", "100"] : []), input, out], { stdio: "pipe", timeout: 120_000 });
    } catch {
      continue;
    }
    const stem = out.slice(0, -ext.length - 1);
    const candidates = existsSync(out) ? [out] : [1, 2, 3, 4, 5, 6, 7, 8].map((i) => `${stem}-${i}.${ext}`).filter((f) => existsSync(f));
    const images = candidates.flatMap((file) => {
      try {
        return [eightBit(file)];
      } catch {
        return [];
      }
    });
    const primary = found[0]?.image;
    const image = images.find((i) => primary && ((i.width === primary.width && i.height === primary.height) || (i.width === primary.height && i.height === primary.width))) ?? images[0];
    if (image) {
      found.push({ tool: "heif-convert", image });
      break;
    }
  }
  return found;
}

/** avifdec's decode with the transforms it reports applied by ImageMagick (avifdec only reports them), or undefined when it refuses the file. */
function avifdecDecode(input: string, png: string): { image: RgbaImage; info: string } | undefined {
  try {
    execFileSync(AVIFDEC, ["--no-strict", "--ignore-icc", "-d", "8", input, png], { stdio: "pipe", timeout: 120_000 });
    const info = execFileSync(AVIFDEC, ["--no-strict", "-i", input], { encoding: "utf8", stdio: "pipe", timeout: 120_000 });
    const transforms = [...info.matchAll(/derived crop rect: X: (\d+), Y: (\d+), W: (\d+), H: (\d+)|irot \(Rotation\)\s*: (\d)|imir \(Mirror\)\s*: Mode (\d)/g)].flatMap((m) => {
      if (m[1] !== undefined) return ["-crop", `${m[3]}x${m[4]}+${m[1]}+${m[2]}`, "+repage"];
      if (m[5] !== undefined) return ["-rotate", String(-90 * Number(m[5]))];
      return [m[6] === "0" ? "-flip" : "-flop"];
    });
    if (transforms.length > 0) execFileSync(IMAGEMAGICK, [png, ...transforms, `png32:${png}`]);
    return { image: eightBit(png), info };
  } catch {
    return undefined;
  }
}

/** Grey levels 16-235 stretched to 0-255. */
function expandLimitedRange(image: RgbaImage): RgbaImage {
  const data = new Uint8ClampedArray(image.data);
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) data[i + c] = Math.round(((data[i + c]! - 16) * 255) / 219);
  return { width: image.width, height: image.height, data };
}

/**
 * The file the reference readers decode: for a surgered variant, the file before surgery; for a
 * top-level 'meta' of size 0 ("to the end of the file", which both readers refuse), the same file
 * with that size written out.
 */
function referenceInput(corpusCase: CorpusCase, base: string): string {
  const before = corpusCase.data?.["reference"];
  if (typeof before === "string") return before;
  const bytes = Buffer.from(readFileSync(corpusCase.input));
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    if (bytes.toString("latin1", at + 4, at + 8) === "meta" && size === 0) {
      bytes.writeUInt32BE(bytes.length - at, at);
      writeFileSync(`${base}-meta-sized.avif`, bytes);
      return `${base}-meta-sized.avif`;
    }
    if (size < 8) break;
    at += size;
  }
  return corpusCase.input;
}


function hasIccProfile(input: string): boolean {
  return readFileSync(input).includes(Buffer.from("colrprof"));
}

/** Every box of type `from` renamed `to` (same size: the property list keeps its indices). */
function renameBoxes(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const out = Buffer.from(bytes);
  for (let at = out.indexOf(from); at >= 4; at = out.indexOf(from, at + 4)) out.write(to, at, "latin1");
  return out;
}

/** The 'hdlr' box's three reserved words set to non-zero values (some writers leave garbage there). */
function patchHdlrReserved(bytes: Uint8Array): Uint8Array {
  const out = Buffer.from(bytes);
  const at = out.indexOf("hdlr");
  // type(4) version/flags(4) pre_defined(4) handler(4), then reserved[3]
  out.writeUInt32BE(0x01020304, at + 16);
  out.writeUInt32BE(0xffffffff, at + 20);
  return out;
}

/** The ftyp brands rewritten to HEIC's (major "heic", compatible "mif1", "heic"). */
function heicBrand(bytes: Uint8Array): Uint8Array {
  const out = Buffer.from(bytes);
  const size = out.readUInt32BE(0);
  out.write("heic", 8, "latin1");
  for (let at = 16; at + 4 <= size; at += 4) if (out.toString("latin1", at, at + 4) !== "mif1") out.write("heic", at, "latin1");
  return out;
}
