// The contract between `npm run corpus` (scripts/corpus.ts, the runner) and each format's folder
// under tests/corpus/<format>/ (its files, its manifest.json, and a cases.ts that exports a
// CorpusFormat). The runner converts every case through the CLI (and a sample in Chromium), then asks
// the format to judge the output with an independent tool. Nothing here is part of `npm test`.

/** The table's rows: one per conversion the hidden corpus measures. */
export type CorpusCategory =
  // images (issue 24)
  | "dds-to-png"
  | "dds-to-png-all"
  | "tiff-to-pdf"
  | "psd-to-pdf"
  | "jpeg-to-png"
  | "jpeg-to-ico"
  | "avif-to-svg"
  // documents, data, ebooks and MIDI (issue 25)
  | "pdf-to-png"
  | "pdf-to-txt"
  | "doc-to-pdf"
  | "doc-to-txt"
  | "docx-to-pdf"
  | "docx-to-txt"
  | "txt-to-pdf"
  | "midi-to-wav"
  | "xml-to-json"
  | "feed-to-json"
  | "csv-to-json"
  | "json-to-csv"
  | "json-to-xml"
  | "epub-to-azw3"
  | "epub-to-mobi"
  | "epub-to-pdf"
  | "fb2-to-epub"
  | "mobi-to-epub"
  // audio and video (issue 26): the audio, video, M4A, FLV and MPG tools
  | "audio-to-mp3"
  | "video-to-mp4"
  | "m4a-to-mp3"
  | "flv-to-mp3"
  | "mpg-to-avi";

/** What a case should give: a converted file, or a refusal whose message says what is wrong. */
export type CorpusExpectation =
  | { converts: true }
  /** `reason` must match the refusal message (plain words, e.g. /truncated/i) */
  | { refused: true; reason: RegExp };

export interface CorpusCase {
  category: CorpusCategory;
  /** shown in the table's failure list: the file's name, plus the variant for generated ones */
  name: string;
  /** absolute path of the input file */
  input: string;
  /** extra CLI arguments after `input output` (e.g. ["--all"], ["--sizes", "16,32"]) */
  cliArgs?: string[];
  /** the output's extension: "png", "zip", "pdf", "ico", "svg", "txt", "wav", "json"... (OUTPUT_EXT in manifest.ts) */
  outputExt: string;
  expect: CorpusExpectation;
  /** whether the Chromium sample converts it too (every AVIF case; a few of each other category) */
  browser?: boolean;
  /** for the format's judge: whatever it needs (reference file, tolerance...) */
  data?: Record<string, unknown>;
}

export interface CorpusFormat {
  /** the manifest's files plus the variants that independent writers generate into `workDir` */
  cases(workDir: string): Promise<CorpusCase[]>;
  /**
   * Judges a produced output with a tool that is not ours (ImageMagick, Pillow, pdftoppm, icotool,
   * rsvg-convert, avifdec...): null when it is right, else a short reason why it is wrong.
   */
  judge(corpusCase: CorpusCase, outputPath: string, workDir: string): Promise<string | null>;
}

/** One line of a format's manifest.json: a file kept in the repo, where it came from, and what it should give. */
export interface ManifestEntry {
  /** the file's name inside the format's folder */
  file: string;
  /** where it came from: a project and path, or the command that made it */
  source: string;
  /** its licence (SPDX id where there is one) */
  licence: string;
  category: CorpusCategory;
  /** "converts", or the refusal's reason as a regular expression source, e.g. "truncated|cut short" */
  expect: "converts" | { refused: string };
  /** why this file is here: the class of file it stands for */
  note?: string;
  cliArgs?: string[];
  browser?: boolean;
}
