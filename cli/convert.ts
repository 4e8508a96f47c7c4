// `npm run convert -- <input> <output> [options]`: the Node-capable image codecs for batch use and
// scripts. Exit 0 on success; 1 with one line on stderr for bad arguments or input; 2 for a bug.
import { parseConvertArgs, USAGE, UsageError } from "./convert-args.ts";
import { runConvert } from "./convert-run.ts";

const GENERIC = new Set(["Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError"]);

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
try {
  console.log(await runConvert(parseConvertArgs(argv)));
} catch (error) {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  if (error instanceof UsageError) {
    console.error(`convert: ${message} (--help for usage)`);
    process.exit(1);
  }
  // typed errors of our codecs (DdsError, PngError, IcoError, ConvertError) are meant for the user
  console.error(GENERIC.has(name) ? `convert: unexpected error: ${message}` : `convert: ${message}`);
  process.exit(GENERIC.has(name) ? 2 : 1);
}
