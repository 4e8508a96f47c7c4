import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Vitest starts the files it has timed before longest first, and the others largest first. On a
// clean clone (CI) nothing is timed, and a small file that spends minutes in calibre or epubcheck
// could start last and run alone while the other worker idles. Untimed files therefore start by
// their calls of slow reference tools, the seconds each call costs here on a quiet 2-core machine.
const CALL_SECONDS: readonly [RegExp, number][] = [
  [/\b(calibreConvert|calibreText|ebookMeta|inspectMobi|epubcheck)\(/g, 10],
  [/\b(soffice\w*|libreOffice\w*|msoffcrypto\w*|fluidsynth\w*)\(/g, 4],
  // the CLI as a user runs it: a Node process per call
  [/\bconvert\(/g, 3],
  [/\b(ffmpeg\w*|pandocBook)\(/g, 1],
];

/** Seconds of reference-tool calls a test file's text makes, a rough guess of its length. */
export function toolSeconds(text: string): number {
  return CALL_SECONDS.reduce((sum, [pattern, seconds]) => sum + (text.match(pattern)?.length ?? 0) * seconds, 0);
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // oxlint-disable-next-line unicorn/no-array-sort -- Vitest's sequencer, which returns a new array
    const sorted = await super.sort(files);
    // timed before: Vitest's own order (measured durations) is better than a guess
    if (sorted.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const guess = new Map(sorted.map((spec) => [spec, toolSeconds(readFileSync(spec.moduleId, "utf8"))]));
    // stable: equal guesses keep Vitest's order (largest first)
    return sorted.toSorted((a, b) => guess.get(b)! - guess.get(a)!);
  }
}
