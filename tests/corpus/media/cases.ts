// The audio and video corpus (issue 26; docs/decisions/038-media-real-world.md): the files kept in
// this folder (manifest.json: real files other programs wrote), plus the variants that native
// ffmpeg, sox, lame, flac, oggenc, opusenc, wavpack and mpcenc write at run time (variants.ts), each
// through the audio, video, M4A, FLV and MPG tools. Judged with native ffmpeg (judge.ts).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest, OUTPUT_EXT } from "../manifest.ts";
import { judgeAudio, judgeVideo } from "./judge.ts";
import { AUDIO_VARIANTS, FLV_VARIANTS, M4A_VARIANTS, MPG_VARIANTS, VIDEO_VARIANTS, type Variant } from "./variants.ts";
import { writeSources } from "./writers.ts";

const FOLDER = fileURLToPath(new URL(".", import.meta.url));

function generated(workDir: string): CorpusCase[] {
  const sources = writeSources(workDir);
  const scratch = join(workDir, "scratch");
  mkdirSync(scratch, { recursive: true });
  const cases: CorpusCase[] = [];
  const variants: Variant[] = [...AUDIO_VARIANTS, ...VIDEO_VARIANTS, ...M4A_VARIANTS, ...FLV_VARIANTS, ...MPG_VARIANTS];
  for (const variant of variants) {
    const folder = join(workDir, variant.category);
    mkdirSync(folder, { recursive: true });
    const input = join(folder, variant.file);
    try {
      variant.write(input, sources, scratch);
    } catch (error) {
      // a writer this machine lacks, or one that will not write this variant: the case is left out, and said so
      console.error(`[corpus] media: ${variant.category}/${variant.file} not written: ${error instanceof Error ? error.message.split("\n").slice(0, 2).join(" ") : String(error)}`);
      continue;
    }
    cases.push({
      category: variant.category,
      name: `${variant.category}/${variant.file}`,
      input,
      outputExt: OUTPUT_EXT[variant.category],
      expect: variant.refused ? { refused: true, reason: variant.refused } : { converts: true },
      // every audio and video case runs in Chromium (issue 26 measures the pages)
      browser: true,
    });
  }
  return cases;
}

const media: CorpusFormat = {
  async cases(workDir) {
    const kept = casesFromManifest(FOLDER).map((c) => ({ ...c, browser: true }));
    return [...kept, ...generated(workDir)];
  },
  async judge(corpusCase, output) {
    switch (corpusCase.category) {
      case "video-to-mp4":
        return judgeVideo(corpusCase.input, output, /mp4|mov/);
      case "mpg-to-avi":
        return judgeVideo(corpusCase.input, output, /^avi$/);
      default:
        return judgeAudio(corpusCase.input, output);
    }
  },
};

export default media;
