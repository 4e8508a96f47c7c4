// Arguments of `npm run convert -- <input> <output> [options]`: parsed and checked here, before any
// file is read, so a typo ends in one clear line instead of a half-written output.
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import type { DdsEncodeFormat, DdsEncodeQuality } from "#codecs/dds/index.ts";
import { ICO_SIZES } from "#codecs/ico/sizes.ts";
import type { MidiChoice } from "#codecs/midi/midi-options.ts";
import { DEFAULT_DATA_OPTIONS, type CsvDelimiter, type DataOptions } from "#codecs/data/data-model.ts";
import type { DocumentChoice } from "#codecs/document/document-options.ts";
import { KINDLE_IMAGE_SIZE_NAMES, type KindleImageSize } from "#codecs/ebook/ebook-options.ts";
import { cliConversions } from "#app/tools/registry.ts";
import type { ChoiceFields } from "#app/tools/media/choice-fields.ts";
import { usageText } from "./dispatch.ts";

export type ToneMap = "default" | "clamp";

export interface ConvertArgs {
  input: string;
  output: string;
  /** DDS input: which image */
  level: number;
  face: number | string;
  slice: number;
  /** DDS input: every image (into a .zip, or a folder) */
  all: boolean;
  exposure: number;
  tonemap: ToneMap;
  /** DDS output */
  format: DdsEncodeFormat;
  quality: DdsEncodeQuality;
  mips: boolean;
  /** ICO output */
  sizes: number[];
  /** MIDI input: the rendering options given (checked by checkMidiChoice), and a SoundFont path */
  midi: Partial<Omit<MidiChoice, "target">>;
  soundFont: string | null;
  /** XML, JSON, CSV, HTML, TXT: the data converter's options */
  data: DataOptions;
  /** PDF converter: page images' resolution, JPEG quality and page range, a protected PDF's, DOCX's or DOC's password (checked by checkDocumentChoice) */
  document: Partial<Omit<DocumentChoice, "target">>;
  /** ebook converter: overrides (checked by checkEbookChoice), a new cover's path, the Kindle picture size */
  ebook: EbookArgs;
  /** audio and video: the page's option fields given (app/tools/media/choice-fields.ts); ranges are the planner's to check */
  media: MediaFields;
}

/** The media page's fields the command line sets; the rest keep the page's defaults. */
export type MediaFields = Partial<Pick<ChoiceFields, "bitrate" | "sampleRate" | "channels" | "trimStart" | "trimEnd" | "resolution" | "quality" | "noAudio">>;

export interface EbookArgs {
  title?: string;
  author?: string;
  cover: string | null;
  kindleImageSize?: KindleImageSize;
}

/** Bad command-line arguments, with a message for the user. */
export class UsageError extends CodecFailure<"usage"> {
  override readonly name = "UsageError";
  constructor(message: string) {
    super(message, "usage");
  }
}

/** The usage text, derived from the conversions the CLI runs (cli/dispatch.ts). */
export const USAGE = usageText(cliConversions());

const FORMATS: readonly DdsEncodeFormat[] = ["rgba8", "bc1", "bc3", "bc7"];
const QUALITIES: readonly DdsEncodeQuality[] = ["fast", "balanced", "best"];
const TONEMAPS: readonly ToneMap[] = ["default", "clamp"];
const MEDIA_QUALITIES: readonly ChoiceFields["quality"][] = ["auto", "high", "medium", "low"];
const FLAGS = new Set(["--all", "--mips", "--no-reverb", "--no-chorus", "--no-header", "--compact", "--all-strings", "--no-audio"]);
const VALUED = new Set(["--delimiter", "--quote", "--level", "--face", "--slice", "--exposure", "--tonemap", "--format", "--quality", "--sizes", "--bitrate", "--bits", "--sample-rate", "--normalise", "--tail", "--soundfont", "--vorbis-quality", "--dpi", "--jpeg-quality", "--pages", "--password", "--title", "--author", "--cover", "--kindle-images", "--channels", "--start", "--end", "--resolution"]);
const NORMALISE = ["peak", "lufs", "off"] as const;

function wholeNumber(flag: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} takes a whole number from 0 up (got "${text}").`);
  return Number(text);
}

function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) throw new UsageError(`${flag} takes one of ${allowed.join(", ")} (got "${text}").`);
  return text as T;
}

function decimal(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) throw new UsageError(`${flag} takes a number (got "${text}").`);
  return value;
}

/** The MIDI options given on the command line; the ranges are checked with the page's own rules. */
function midiOptions(values: ReadonlyMap<string, string>, flags: ReadonlySet<string>): Partial<Omit<MidiChoice, "target">> {
  const options: Partial<Omit<MidiChoice, "target">> = {};
  // --bitrate and --sample-rate are the media converters' too: their shape is checked by mediaFields,
  // a MIDI rendering's values by checkMidiChoice
  const bitrate = values.get("--bitrate");
  if (bitrate !== undefined && /^\d+$/.test(bitrate)) options.mp3Kbps = Number(bitrate);
  const bits = values.get("--bits");
  if (bits !== undefined) options.wavBits = oneOf("--bits", bits, ["16", "24"]) === "24" ? 24 : 16;
  const rate = values.get("--sample-rate");
  if (rate !== undefined && /^\d+$/.test(rate)) options.sampleRate = Number(rate) as MidiChoice["sampleRate"];
  const normalise = values.get("--normalise");
  if (normalise !== undefined) options.normalisation = oneOf("--normalise", normalise, NORMALISE);
  const vorbis = values.get("--vorbis-quality");
  if (vorbis !== undefined) options.vorbisQuality = wholeNumber("--vorbis-quality", vorbis);
  const tail = values.get("--tail");
  if (tail !== undefined) options.tailSeconds = decimal("--tail", tail);
  if (flags.has("--no-reverb")) options.reverb = false;
  if (flags.has("--no-chorus")) options.chorus = false;
  return options;
}

/**
 * The audio and video options as the page's fields hold them ("192", "vbr-2", "keep"...). Only their
 * shape is checked here; the planner checks the ranges against the file (codecs/media/options.ts).
 */
function mediaFields(values: ReadonlyMap<string, string>, flags: ReadonlySet<string>): MediaFields {
  const fields: MediaFields = {};
  const bitrate = values.get("--bitrate");
  if (bitrate !== undefined) {
    if (!/^(auto|\d+|vbr-\d)$/.test(bitrate)) throw new UsageError(`--bitrate takes kbps (192), auto, or vbr-0 (best) to vbr-9 (got "${bitrate}").`);
    fields.bitrate = bitrate;
  }
  const keepOrNumber = (flag: string, key: "sampleRate" | "channels" | "resolution") => {
    const text = values.get(flag);
    if (text === undefined) return;
    if (text !== "keep" && !/^\d+$/.test(text)) throw new UsageError(`${flag} takes keep or a whole number (got "${text}").`);
    fields[key] = text;
  };
  keepOrNumber("--sample-rate", "sampleRate");
  keepOrNumber("--channels", "channels");
  keepOrNumber("--resolution", "resolution");
  const start = values.get("--start");
  if (start !== undefined) fields.trimStart = String(decimal("--start", start));
  const end = values.get("--end");
  if (end !== undefined) fields.trimEnd = String(decimal("--end", end));
  const quality = values.get("--quality");
  if (quality !== undefined && (MEDIA_QUALITIES as readonly string[]).includes(quality)) fields.quality = quality as ChoiceFields["quality"];
  if (flags.has("--no-audio")) fields.noAudio = true;
  return fields;
}

/** --quality is DDS's (fast, balanced, best) or video's (auto, high, medium, low). */
function ddsQuality(text: string | undefined): DdsEncodeQuality {
  if (text === undefined || (MEDIA_QUALITIES as readonly string[]).includes(text)) return "balanced";
  if ((QUALITIES as readonly string[]).includes(text)) return text as DdsEncodeQuality;
  throw new UsageError(`--quality takes one of ${QUALITIES.join(", ")} (DDS) or ${MEDIA_QUALITIES.join(", ")} (video) (got "${text}").`);
}

/** The names --delimiter takes for the characters a shell makes awkward. */
const DELIMITER_NAMES: Readonly<Record<string, CsvDelimiter | "auto">> = { auto: "auto", ",": ",", comma: ",", ";": ";", semicolon: ";", tab: "\t", "\t": "\t", "|": "|", pipe: "|" };

function dataOptions(values: ReadonlyMap<string, string>, flags: ReadonlySet<string>): DataOptions {
  const delimiterText = values.get("--delimiter") ?? "auto";
  const delimiter = DELIMITER_NAMES[delimiterText];
  if (delimiter === undefined) throw new UsageError(`--delimiter takes auto, comma, semicolon, tab or pipe (got "${delimiterText}").`);
  return {
    delimiter,
    header: !flags.has("--no-header"),
    quote: oneOf("--quote", values.get("--quote") ?? DEFAULT_DATA_OPTIONS.quote, ["minimal", "all"] as const),
    pretty: !flags.has("--compact"),
    keepTypes: !flags.has("--all-strings"),
  };
}

/** The PDF converter's options given on the command line; ranges are checked with the page's own rules. */
function documentOptions(values: ReadonlyMap<string, string>): Partial<Omit<DocumentChoice, "target">> {
  const options: Partial<Omit<DocumentChoice, "target">> = {};
  const dpi = values.get("--dpi");
  if (dpi !== undefined) options.dpi = wholeNumber("--dpi", dpi);
  const jpegQuality = values.get("--jpeg-quality");
  if (jpegQuality !== undefined) options.jpegQuality = wholeNumber("--jpeg-quality", jpegQuality);
  const pages = values.get("--pages");
  if (pages !== undefined) options.pages = pages;
  const password = values.get("--password");
  if (password !== undefined) options.password = password;
  return options;
}

/** The ebook converter's options given on the command line. */
function ebookOptions(values: ReadonlyMap<string, string>): EbookArgs {
  const options: EbookArgs = { cover: values.get("--cover") ?? null };
  const title = values.get("--title");
  if (title !== undefined) options.title = title;
  const author = values.get("--author");
  if (author !== undefined) options.author = author;
  const size = values.get("--kindle-images");
  if (size !== undefined) options.kindleImageSize = oneOf("--kindle-images", size, KINDLE_IMAGE_SIZE_NAMES);
  return options;
}

function iconSizes(text: string): number[] {
  const sizes = text.split(",").map((part) => part.trim());
  const bad = sizes.find((s) => !ICO_SIZES.includes(Number(s)) || !/^\d+$/.test(s));
  if (bad !== undefined) throw new UsageError(`--sizes takes sizes from ${ICO_SIZES.join(", ")} separated by commas (got "${bad}").`);
  return [...new Set(sizes.map(Number))].toSorted((a, b) => a - b);
}

export function parseConvertArgs(argv: readonly string[]): ConvertArgs {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (FLAGS.has(arg)) flags.add(arg);
    else if (VALUED.has(arg)) {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value.`);
      values.set(arg, value);
      i += 1;
    } else if (arg.startsWith("--") && arg.length > 2) throw new UsageError(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  if (positional.length !== 2) throw new UsageError(positional.length < 2 ? "Give an input file and an output file." : `Too many file names: ${positional.slice(2).join(" ")}.`);
  const exposureText = values.get("--exposure") ?? "0";
  const exposure = Number(exposureText);
  if (exposureText.trim() === "" || !Number.isFinite(exposure)) throw new UsageError(`--exposure takes a number of stops (got "${exposureText}").`);
  const faceText = values.get("--face") ?? "0";
  return {
    input: positional[0]!,
    output: positional[1]!,
    level: wholeNumber("--level", values.get("--level") ?? "0"),
    face: /^[+-][XYZxyz]$/.test(faceText) ? faceText.toUpperCase() : wholeNumber("--face", faceText),
    slice: wholeNumber("--slice", values.get("--slice") ?? "0"),
    all: flags.has("--all"),
    exposure,
    tonemap: oneOf("--tonemap", values.get("--tonemap") ?? "default", TONEMAPS),
    format: oneOf("--format", values.get("--format") ?? "rgba8", FORMATS),
    quality: ddsQuality(values.get("--quality")),
    mips: flags.has("--mips"),
    sizes: iconSizes(values.get("--sizes") ?? "16,32,48"),
    midi: midiOptions(values, flags),
    soundFont: values.get("--soundfont") ?? null,
    data: dataOptions(values, flags),
    document: documentOptions(values),
    ebook: ebookOptions(values),
    media: mediaFields(values, flags),
  };
}
