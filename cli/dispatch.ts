// Which conversion an input kind and an output name select, and the texts derived from the list of
// conversions (usage, refusals): adding a conversion to the list and a handler is all it takes.
import { existsSync } from "node:fs";
import type { CliConversion } from "#app/tools/registry.ts";
import { ConvertError } from "./convert-error.ts";
import type { ConversionHandler } from "./handler.ts";

/** "a, b or c" */
const orList = (items: readonly string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);

/**
 * A kind as the messages name it. The "psb" kind is any Photoshop file: given its bytes, a PSD
 * (version 1) is called a PSD and a PSB (version 2, the large document format) a PSB; an
 * "audio" or "video" file is a sound or video file.
 */
export function kindName(kind: string, bytes?: Uint8Array): string {
  if (kind === "psb" && bytes && bytes[4] === 0 && bytes[5] === 1) return "PSD";
  // a file's own name in a sentence ("A sound file converts to..."); the usage keeps "AUDIO/VIDEO"
  if (bytes && kind === "audio") return "sound";
  if (bytes && kind === "video") return "video";
  return kind.toUpperCase();
}

/** Every input kind some conversion takes, in the list's order. */
export const inputKinds = (conversions: readonly CliConversion[]) => [...new Set(conversions.flatMap((c) => c.from))];

// Run from source, this file is cli/dispatch.ts; built, it is inside build/cli/convert.js, and each
// conversion is an entry of its own beside it (scripts/build-cli.ts): the same relative path either way.
const MODULE_EXTENSION = import.meta.url.endsWith(".ts") ? ".ts" : ".js";

/** The code of a conversion: cli/conversions/<slug>.ts, found by the tool's slug (no list to keep in step). */
export async function loadConversion(slug: string): Promise<ConversionHandler> {
  const url = new URL(`./conversions/${slug}${MODULE_EXTENSION}`, import.meta.url);
  // only a missing file means "no code": a module that is there but fails to load says why itself
  const module = existsSync(url) ? ((await import(url.href)) as { convert?: ConversionHandler }) : {};
  if (typeof module.convert === "function") return module.convert;
  throw new Error(`The CLI has no conversion code for "${slug}" (cli/conversions/${slug}.ts exporting convert)`);
}

/** The usage text: one block per conversion, "DDS to PNG/ZIP:" then its options. */
export function usageText(conversions: readonly CliConversion[]): string {
  const labels = conversions.map((c) => `${c.from.map((k) => kindName(k)).join("/")} to ${c.to.map((k) => kindName(k)).join("/")}:`);
  const width = Math.max(...labels.map((l) => l.length)) + 2;
  const blocks = conversions.map((c, i) =>
    (c.options ?? ["no options"]).map((line, j) => `  ${(j === 0 ? labels[i]! : "").padEnd(width)}${line}`)
      .join("\n"),
  );
  return ["Usage: npm run convert -- <input> <output> [options]", ...blocks].join("\n");
}

export interface Target {
  /** the output's extension, lower case, without the dot; "" when it has none */
  extension: string;
  /** the output name, for messages */
  output: string;
  all: boolean;
  /** the input's name in messages when it is not the kind's own (a PSD is of kind "psb") */
  inputName?: string;
}

/** The conversion for this input kind and output, or a ConvertError naming what the kind converts to. */
export function chooseConversion(conversions: readonly CliConversion[], kind: string, target: Target): CliConversion {
  // a fallback conversion comes after every other that takes the kind (toSorted is stable)
  const candidates = conversions.filter((c) => c.from.includes(kind)).toSorted((a, b) => Number(a.fallback === true) - Number(b.fallback === true));
  const byExtension = candidates.find((c) => c.to.includes(target.extension));
  if (byExtension) return byExtension;
  const toFolder = target.extension === "" && target.all ? candidates.find((c) => c.folderWithAll) : undefined;
  if (toFolder) return toFolder;
  const extensions = [...new Set(candidates.flatMap((c) => c.to))].map((e) => `.${e}`);
  const notes = candidates.flatMap((c) => c.outputNote ?? []);
  const to = [orList(extensions), ...notes].join(" ");
  throw new ConvertError(`A ${target.inputName ?? kindName(kind)} file converts to ${to}, not to "${target.extension ? `.${target.extension}` : target.output}".`);
}
