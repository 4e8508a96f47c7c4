// The ebook benchmark's inputs (issue 16): a novel-sized book written by pandoc from generated
// Markdown (chapters of varied prose, 20 photo-like JPEG pictures, a cover), as EPUB 3 (about 1 MB)
// and as FB2. Made once and kept in the temp folder; `sampleWords` is what every output must keep.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeJpeg } from "#codecs/jpeg/encode.ts";
import { PANDOC } from "#tests/support/reference-tools.ts";

export const EBOOKS_WORK = join(tmpdir(), "ebooks-bench");
export const CHAPTERS = 40;
export const PICTURES = 20;
/** Paragraphs per chapter: about 120,000 words in all, a long novel. */
const PARAGRAPHS = 30;
export const BENCH_TITLE = "The Long Road North";
export const BENCH_AUTHOR = "Mara Ellison";

const WORDS = (
  "the a of and to in was he she it that his her with as for had on at by not but from they were be this all which " +
  "river mountain valley road town harbour ferry morning evening winter summer lantern window garden letter silence " +
  "walked waited listened remembered wondered carried followed opened answered whispered laughed turned watched " +
  "quiet distant grey golden narrow ancient bright cold warm heavy tired patient careful sudden gentle strange " +
  "traveller stranger sister brother mother father captain keeper merchant soldier child neighbour friend doctor"
).split(" ");

/** A seeded pseudo-random generator (mulberry32), so every run makes the same book. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function paragraph(next: () => number): string {
  const sentences: string[] = [];
  const count = 4 + Math.floor(next() * 4);
  for (let s = 0; s < count; s++) {
    const length = 8 + Math.floor(next() * 14);
    const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    sentences.push(`${words.join(" ")}.`);
  }
  return sentences.join(" ");
}

/** A photo-like picture: smooth colour fields with noise, so JPEG works as hard as on a photo. */
function picture(width: number, height: number, seed: number): Uint8Array {
  const next = random(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  const [a, b, c] = [next() * 6, next() * 6, next() * 6];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const noise = (next() - 0.5) * 12;
      data[i] = 128 + 100 * Math.sin(x / 37 + a) + noise;
      data[i + 1] = 128 + 100 * Math.sin(y / 23 + b) + noise;
      data[i + 2] = 128 + 100 * Math.sin((x + y) / 51 + c) + noise;
      data[i + 3] = 255;
    }
  }
  return encodeJpeg({ width, height, data }, { quality: 80 });
}

export interface EbookInputs {
  epub: string;
  fb2: string;
  markdown: string;
}

/** Writes the Markdown and pictures, then pandoc's EPUB 3 and FB2 of them (once; kept). */
export function ebookInputs(log: (message: string) => void): EbookInputs {
  const dir = EBOOKS_WORK;
  const inputs = { epub: join(dir, "novel.epub"), fb2: join(dir, "novel.fb2"), markdown: join(dir, "novel.md") };
  if (existsSync(inputs.epub) && existsSync(inputs.fb2)) return inputs;
  mkdirSync(dir, { recursive: true });
  log("making the novel (pandoc EPUB 3 and FB2, 40 chapters, 20 pictures) ...");
  const next = random(1234);
  const chapters: string[] = [];
  for (let n = 1; n <= CHAPTERS; n++) {
    const parts = [`# Chapter ${n}`];
    for (let p = 0; p < PARAGRAPHS; p++) {
      parts.push(paragraph(next));
      // a picture in every other chapter, in the middle
      if (n % 2 === 0 && p === PARAGRAPHS / 2 && n / 2 <= PICTURES) {
        const name = `picture-${n / 2}.jpg`;
        writeFileSync(join(dir, name), picture(640, 480, n));
        parts.push(`![Picture ${n / 2}](${name})`);
      }
    }
    chapters.push(parts.join("\n\n"));
  }
  writeFileSync(inputs.markdown, chapters.join("\n\n"));
  writeFileSync(join(dir, "cover.jpg"), picture(600, 900, 99));
  const meta = ["--metadata", `title=${BENCH_TITLE}`, "--metadata", `author=${BENCH_AUTHOR}`, "--metadata", "lang=en", "--toc"];
  execFileSync(PANDOC, [inputs.markdown, "-o", inputs.epub, "-t", "epub3", "--epub-cover-image=cover.jpg", ...meta], { cwd: dir });
  execFileSync(PANDOC, [inputs.markdown, "-o", inputs.fb2, "-t", "fb2", ...meta], { cwd: dir });
  return inputs;
}

/** pandoc's plain text of the novel: the words every output must keep, in order. */
export function novelText(inputs: EbookInputs): string {
  return execFileSync(PANDOC, [inputs.markdown, "-t", "plain"], { cwd: EBOOKS_WORK, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}
