// `npm run convert -- <input> <output> [options]`: the Node-capable image codecs for batch use and
// scripts. Exit 0 on success; 1 with one line on stderr for bad arguments or input; 2 for a bug.
import { visitorFailure } from "#codecs/common/codec-failure.ts";
import { parseConvertArgs, USAGE, UsageError } from "./convert-args.ts";
import { runConvert } from "./convert-run.ts";

const firstLine = (text: string) => text.split("\n")[0];

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
try {
  console.log(await runConvert(parseConvertArgs(argv)));
} catch (error) {
  // a CodecFailure (DdsError, PngError, IcoError, ConvertError, UsageError...) is meant for the user;
  // anything else (TypeError...) is a bug, the same rule as the tool pages'
  const forUser = visitorFailure(error);
  if (forUser === undefined) {
    console.error(`convert: unexpected error: ${firstLine(error instanceof Error ? error.message : String(error))}`);
    process.exit(2);
  }
  // the page folds the technical detail under "Details"; a command line says it after the reason
  const detail = forUser.detail ? ` (${firstLine(forUser.detail)})` : "";
  console.error(`convert: ${firstLine(forUser.message)}${detail}${error instanceof UsageError ? " (--help for usage)" : ""}`);
  process.exit(1);
}
