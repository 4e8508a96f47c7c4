// Audio and video for the CLI (issue 26): the page's pure code (ffmpeg probe parser, planner with
// no WebCodecs encoders, so it plans for the ffmpeg engine, argv builder, failure classifier) run on
// the page's engine, the @ffmpeg/core wasm, loaded in Node (./media-core.ts). The options are the
// page's fields (app/tools/media/choice-fields.ts), so a refusal reads as it does on the page.
import { closeSync, openSync, writeSync } from "node:fs";
import { extname } from "node:path";
import { choiceFromFields, defaultFields } from "#app/tools/media/choice-fields.ts";
import { probeInput, runConversion, type LoadedCore } from "#app/tools/media/ffmpeg-run.ts";
import { ffmpegArgs } from "#codecs/media/ffmpeg-args.ts";
import { MediaError } from "#codecs/media/media-error.ts";
import type { ConversionPlan, MediaInfo, MediaTarget } from "#codecs/media/media-types.ts";
import { planConversion } from "#codecs/media/plan.ts";
import { isMediaTarget, targetSpec } from "#codecs/media/targets.ts";
import { ConvertError } from "./convert-error.ts";
import type { ConversionHandler } from "./handler.ts";
import { loadNodeCore } from "./media-core.ts";

/**
 * The core has no NODEFS, so the input and the output sit in this process's memory (MEMFS) beside
 * the core's own heap (up to 2 GB): inputs are refused above this size.
 */
export const MAX_MEDIA_INPUT_BYTES = 1024 ** 3;
const OUTPUT = "/tmp/output";
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The input's path in the core: its extension kept (raw formats without a signature go by it). */
function inputPath(name: string): string {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name);
  return `/tmp/input${match ? `.${match[1]?.toLowerCase()}` : ""}`;
}

export const convertMedia: ConversionHandler = async ({ bytes, args }) => {
  const target = extname(args.output).slice(1).toLowerCase();
  if (!isMediaTarget(target)) throw new ConvertError(`"${args.output}" is not an audio or video file name.`);
  if (bytes.length === 0) throw new MediaError("This file is empty.", "empty");
  if (bytes.length > MAX_MEDIA_INPUT_BYTES) {
    throw new ConvertError("This file is over 1 GB: the command line holds a whole audio or video file in memory, so it converts files of up to 1 GB.");
  }
  const fields = choiceFromFields({ ...defaultFields(target), ...args.media }, null);
  if (!fields.ok) throw new ConvertError(fields.message);
  const loaded = await loadNodeCore();
  const { FS } = loaded.core;
  const input = inputPath(args.input);
  FS.writeFile(input, bytes, { canOwn: true });
  try {
    const info = probeInput(loaded, input);
    const plan = planConversion(info, fields.choice, null);
    runConversion(loaded, ffmpegArgs(plan, { input, output: OUTPUT }), null);
    checkOutput(loaded, plan);
    const written = copyOut(loaded, args.output);
    return resultLine(args.output, target, plan, written);
  } catch (error) {
    if (error instanceof RangeError) throw new MediaError("The converter ran out of memory for this file.", "out-of-memory", { cause: error });
    throw error;
  } finally {
    // a core that crashed is dropped (its files with it); a live one is reused by no one, but stays clean
    for (const path of [input, OUTPUT]) if (FS.analyzePath(path).exists) FS.unlink(path);
  }
};

/** The output, read back by the core, holds the tracks the plan made: else it is not called a success. */
function checkOutput(loaded: LoadedCore, plan: ConversionPlan): void {
  const { FS } = loaded.core;
  if (!FS.analyzePath(OUTPUT).exists || FS.stat(OUTPUT).size === 0) throw new MediaError("The conversion produced an empty file.", "engine-failed");
  let info: MediaInfo;
  try {
    info = probeInput(loaded, OUTPUT);
  } catch (error) {
    throw new MediaError("The conversion produced a file that cannot be read back.", "engine-failed", { cause: error });
  }
  const missing = [plan.audio.action !== "drop" && info.audio === null ? "sound" : null, plan.video.action !== "drop" && info.video === null ? "video" : null].filter((m) => m !== null);
  if (missing.length > 0) throw new MediaError(`The conversion produced a file without its ${missing.join(" and ")}.`, "engine-failed");
}

/** Writes the core's output file to `path` in slices (never a second whole copy); returns its size. */
function copyOut(loaded: LoadedCore, path: string): number {
  const { FS } = loaded.core;
  const size = FS.stat(OUTPUT).size;
  let fd: number;
  try {
    fd = openSync(path, "w");
  } catch (error) {
    throw new ConvertError(`Cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? "write failed"}.`, "io");
  }
  const stream = FS.open(OUTPUT, "r");
  try {
    const chunk = new Uint8Array(Math.min(CHUNK_BYTES, size));
    for (let position = 0; position < size; ) {
      const read = FS.read(stream, chunk, 0, Math.min(chunk.length, size - position), position);
      if (read <= 0) break;
      writeSync(fd, chunk, 0, read, position);
      position += read;
    }
  } finally {
    FS.close(stream);
    closeSync(fd);
  }
  return size;
}

function resultLine(output: string, target: MediaTarget, plan: ConversionPlan, bytes: number): string {
  const seconds = plan.outputSeconds === null ? "" : `, ${plan.outputSeconds.toFixed(2)} s`;
  return `${output}: ${targetSpec(target).label}, ${plan.summary}${seconds} (${(bytes / 1024).toFixed(0)} KB)`;
}
