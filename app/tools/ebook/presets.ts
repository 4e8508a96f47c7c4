// The ebook tools' options as link parameters (`/tool/epub-converter?target=azw3&kindleSize=oasis`)
// and their built-in presets. The EPUB converter reads the output and, for Kindle outputs, the
// picture size; a tool with one Kindle output reads the picture size only; the others read nothing
// from a link (a title, an author or a cover belong to one book, not to a preset).
import { EBOOK_DEFAULTS, EBOOK_TARGETS, isKindleTarget, KINDLE_IMAGE_SIZE_NAMES, type EbookTarget } from "#codecs/ebook/ebook-options.ts";
import { oneOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";

/** "auto": the chosen book's usual output (an FB2 becomes an EPUB, an EPUB an AZW3). */
export const AUTO_TARGET = "auto";

function allOptions() {
  return {
    target: oneOf([AUTO_TARGET, ...EBOOK_TARGETS], AUTO_TARGET),
    kindleSize: oneOf(KINDLE_IMAGE_SIZE_NAMES, EBOOK_DEFAULTS.kindleImageSize),
  };
}

export type EbookOptionSchema = ReturnType<typeof allOptions>;

/** Typed as the full set: a key left out is never set, and the page keeps its default. */
export function ebookOptionSchema(fixedTarget: EbookTarget | undefined): EbookOptionSchema {
  const { target, kindleSize } = allOptions();
  if (!fixedTarget) return { target, kindleSize };
  return (isKindleTarget(fixedTarget) ? { kindleSize } : {}) as EbookOptionSchema;
}

const CHOICE_PRESETS: readonly BuiltInPreset<EbookOptionSchema>[] = [
  { name: "Kindle Paperwhite", options: { target: "azw3", kindleSize: "paperwhite" } },
  { name: "Kindle Oasis or Scribe", options: { target: "azw3", kindleSize: "oasis" } },
  { name: "Older Kindle (MOBI, 600 × 800)", options: { target: "mobi", kindleSize: "kindle" } },
  { name: "Print or share (PDF)", options: { target: "pdf" } },
];

const KINDLE_PRESETS: readonly BuiltInPreset<EbookOptionSchema>[] = [
  { name: "Kindle Paperwhite", options: { kindleSize: "paperwhite" } },
  { name: "Kindle Oasis or Scribe", options: { kindleSize: "oasis" } },
  { name: "Older Kindle (600 × 800)", options: { kindleSize: "kindle" } },
];

export function ebookPresets(fixedTarget: EbookTarget | undefined): readonly BuiltInPreset<EbookOptionSchema>[] {
  return fixedTarget ? KINDLE_PRESETS : CHOICE_PRESETS;
}
