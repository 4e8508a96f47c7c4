// The DDS corpus: Pillow's DDS test files (manifest.json) plus variants that ImageMagick, Pillow and
// a struct-based Python writer make at run time (variants.py), judged by judge.py with Pillow,
// ffmpeg and ImageMagick, or against the known source image a variant was written from.
// Both Python scripts run on Debian's /usr/bin/python3 (Pillow 9.4) and import nothing of ours.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusCase, CorpusCategory, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest, OUTPUT_EXT } from "../manifest.ts";

const FOLDER = dirname(fileURLToPath(import.meta.url));
const PYTHON = "/usr/bin/python3";

/** How judge.py finds the expected pixels: see its docstring. */
type Reference =
  | { png: string; crop?: [number, number, number, number]; maxDiff?: number }
  | { reader: "auto" | "pillow" | "ffmpeg" | "imagemagick"; file?: string; opaque?: boolean; maxDiff?: number; minPsnr?: number }
  | { swizzled: string; maxDiff?: number };
type Surfaces = "split" | { png: string }[];

const RGBG_RECT = join(FOLDER, "R8G8_B8G8 rect 47,2 63,35.expected.png");

/** References of the manifest's files, where the default (a reader decodes the file itself) is not it. */
const MANIFEST_REFERENCES: Record<string, { reference?: Reference; surfaces?: Surfaces }> = {
  // Pillow's test compares palette.dds with this GIF; Pillow 9.4 and the other readers cannot read P8
  "palette.dds": { reference: { png: join(FOLDER, "palette.expected.gif"), maxDiff: 0 }, surfaces: [{ png: join(FOLDER, "palette.expected.gif") }] },
  // Pillow 9.4 misreads signed BC5; Pillow's own test compares both files with this PNG (made by a later Pillow)
  "bc5s.dds": { reference: { png: join(FOLDER, "bc5s.expected.png"), maxDiff: 2 } },
  "bc5_snorm.dds": { reference: { png: join(FOLDER, "bc5s.expected.png"), maxDiff: 2 } },
  // ffmpeg reads the BC5U FourCC as a swizzled normal map; Pillow's test says it is bc5_unorm's pixels
  "bc5u.dds": { reference: { reader: "pillow", file: join(FOLDER, "bc5_unorm.dds") } },
  // image-dds's header quirks: all the same 32×32 DXT1 picture, which Pillow reads from this one
  "array_size 0.dds": { reference: { reader: "pillow", file: join(FOLDER, "wrong mipmap count 1.dds"), maxDiff: 4 } },
  "dds header_size 24.dds": { reference: { reader: "pillow", file: join(FOLDER, "wrong mipmap count 1.dds"), maxDiff: 4 } },
  // both headers: the DX10 one (B8G8R8X8) is the truth; Pillow reads the legacy masks at the wrong offset and
  // ffmpeg swaps DX10 BGRX, so the same picture in a legacy BGRX file, read by ffmpeg, judges it
  "both-dx10-and-pixel-format.dds": { reference: { reader: "ffmpeg", file: join(FOLDER, "DX9 B8G8R8X8_UNORM.dds") } },
  "DX9 B8G8R8X8_UNORM.dds": { reference: { reader: "ffmpeg" } },
  "32-bit-uncompressed-odd.dds": { reference: { reader: "ffmpeg" } },
  // ffmpeg swaps R and A of RXGB, so its alpha is the unused red (0 here): its colours judge, the normal map is opaque
  "RXGB (no alpha).dds": { reference: { reader: "ffmpeg", opaque: true, maxDiff: 4 } },
  // ffmpeg ignores A1R5G5B5's alpha bit and Pillow 9.4 cannot read it; ImageMagick reads it whole
  "restricted-header.dds": { reference: { reader: "imagemagick" } },
  // image-dds's own decode of a rectangle of this picture (its decode_rect test); no installed reader has RGBG
  "DX9 R8G8_B8G8_UNORM.dds": { reference: { png: RGBG_RECT, crop: [47, 2, 63, 35], maxDiff: 0 } },
  "DX10 G8R8_G8B8_UNORM.dds": { reference: { png: RGBG_RECT, crop: [47, 2, 63, 35], maxDiff: 0 } },
  // ffmpeg's scaler filters chroma a little differently (bicubic): 37 dB against our shared-or-averaged chroma
  "DX9 YUY2.dds": { reference: { reader: "ffmpeg", minPsnr: 35 } },
  "DX9 UYVY.dds": { reference: { reader: "ffmpeg", minPsnr: 35 } },
};

/** One case as variants.py prints it. */
interface VariantCase {
  name: string;
  file: string;
  category: CorpusCategory;
  /** "converts", or a fragment of the expected refusal */
  expect: string;
  note: string;
  reference?: Reference;
  surfaces?: Surfaces;
  args?: string[];
}

function escapeRegExp(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);
}

function variantCases(workDir: string): CorpusCase[] {
  const out = execFileSync(PYTHON, [join(FOLDER, "variants.py"), workDir], { encoding: "utf8", maxBuffer: 16 << 20 });
  return (JSON.parse(out) as VariantCase[]).map((v) => ({
    category: v.category,
    name: v.category === "dds-to-png-all" ? `${v.name} (--all)` : v.name,
    input: v.file,
    cliArgs: v.args ?? (v.category === "dds-to-png-all" ? ["--all"] : undefined),
    outputExt: OUTPUT_EXT[v.category],
    expect: v.expect === "converts" ? { converts: true } : { refused: true, reason: new RegExp(escapeRegExp(v.expect), "i") },
    data: { note: v.note, reference: v.reference, surfaces: v.surfaces ?? "split" },
  }));
}

const dds: CorpusFormat = {
  async cases(workDir) {
    mkdirSync(workDir, { recursive: true });
    const kept = casesFromManifest(FOLDER).map((c) => {
      const extra = MANIFEST_REFERENCES[basename(c.input)] ?? {};
      return { ...c, data: { ...c.data, reference: extra.reference, surfaces: extra.surfaces ?? "split" } };
    });
    return [...kept, ...variantCases(join(workDir, "variants"))];
  },

  async judge(corpusCase, outputPath, workDir) {
    const data = corpusCase.data ?? {};
    const spec = {
      input: corpusCase.input,
      category: corpusCase.category,
      reference: data["reference"] ?? { reader: "auto" },
      surfaces: data["surfaces"] ?? "split",
    };
    mkdirSync(workDir, { recursive: true });
    const specPath = join(workDir, `judge-${basename(outputPath)}.json`);
    writeFileSync(specPath, JSON.stringify(spec));
    const out = execFileSync(PYTHON, [join(FOLDER, "judge.py"), specPath, outputPath], { encoding: "utf8", maxBuffer: 16 << 20 });
    const verdict = JSON.parse(out) as { ok: boolean; reason: string };
    return verdict.ok ? null : verdict.reason;
  },
};

export default dds;
