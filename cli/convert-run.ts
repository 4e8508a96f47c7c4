// What `npm run convert` does once its arguments are valid: read the input, tell its kind from its
// first bytes (not its name), pick the conversion from the list (input kind and the output's
// extension), load that conversion's code and run it. Every refusal is a ConvertError or a codec's
// typed error with a one-line message.
import { extname } from "node:path";
import type { ConvertArgs } from "./convert-args.ts";
import { ConvertError } from "./convert-error.ts";
import { readInput } from "./convert-io.ts";
import { cliConversions } from "#app/tools/registry.ts";
import { chooseConversion, inputKinds, kindName, loadConversion } from "./dispatch.ts";
import { inputKind } from "./input-kind.ts";

/** Runs one conversion; returns the line to print. */
export async function runConvert(args: ConvertArgs): Promise<string> {
  const conversions = cliConversions();
  const bytes = readInput(args.input);
  const kind = inputKind(bytes, args.input);
  if (!kind) {
    const kinds = inputKinds(conversions).map((k) => kindName(k));
    throw new ConvertError(`${args.input} is not a ${kinds.slice(0, -1).join(", ")} or ${kinds.at(-1)} file (its first bytes say so, whatever its name).`);
  }
  const extension = extname(args.output).slice(1).toLowerCase();
  const conversion = chooseConversion(conversions, kind, { extension, output: args.output, all: args.all, inputName: kindName(kind, bytes) });
  const convert = await loadConversion(conversion.slug);
  return convert({ bytes, kind, args });
}
