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
  | { png: string; maxDiff?: number }
  | { reader: "auto" | "pillow" | "ffmpeg" | "imagemagick"; file?: string; maxDiff?: number; minPsnr?: number }
  | { swizzled: string; maxDiff?: number };
type Surfaces = "split" | { png: string }[];

/** References of the manifest's files, where the default (a reader decodes the file itself) is not it. */
const MANIFEST_REFERENCES: Record<string, { reference?: Reference; surfaces?: Surfaces }> = {
  // Pillow's test compares palette.dds with this GIF; Pillow 9.4 and the other readers cannot read P8
  "palette.dds": { reference: { png: join(FOLDER, "palette.expected.gif"), maxDiff: 0 }, surfaces: [{ png: join(FOLDER, "palette.expected.gif") }] },
  // Pillow 9.4 misreads signed BC5; Pillow's own test compares both files with this PNG (made by a later Pillow)
  "bc5s.dds": { reference: { png: join(FOLDER, "bc5s.expected.png"), maxDiff: 2 } },
  "bc5_snorm.dds": { reference: { png: join(FOLDER, "bc5s.expected.png"), maxDiff: 2 } },
  // ffmpeg reads the BC5U FourCC as a swizzled normal map; Pillow's test says it is bc5_unorm's pixels
  "bc5u.dds": { reference: { reader: "pillow", file: join(FOLDER, "bc5_unorm.dds") } },
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
