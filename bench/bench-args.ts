// Every bench's command line, one way: node's parseArgs with -h/--help added, and the checks the
// benches share. A bad value exits 2 with a one-line message (a bench is run by hand: no stack).
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

const HELP = { help: { type: "boolean", short: "h", default: false } } as const;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The options' values; -h/--help prints `usage` and exits 0, an unknown option prints it and exits 2. */
export function benchArgs<const O extends ParseArgsOptionsConfig>(usage: string, options: O, argv: string[] = process.argv.slice(2)) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, ...HELP } });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  // (generic in O, parseArgs' result type cannot see that HELP is in it)
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed.values;
}

/** An option that must be a whole number ≥ 1. */
export function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** An option that is absent or one of `choices`. */
export function oneOf<const T extends string>(value: string | undefined, choices: readonly T[], name: string): T | undefined {
  if (value === undefined || (choices as readonly string[]).includes(value)) return value as T | undefined;
  const quoted = choices.map((c) => `"${c}"`);
  return fail(`${name} must be ${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}, got "${value}"`);
}

/** A comma-separated list of known ids (the jobs to run). */
export function listOf<const T extends string>(value: string, known: readonly T[], name: string): T[] {
  const ids = value.split(",").map((s) => s.trim());
  for (const id of ids) if (!(known as readonly string[]).includes(id)) fail(`${name}: unknown "${id}" (known: ${known.join(", ")})`);
  return ids as T[];
}

/** The runs, chosen jobs, port and build/browser switches of a bench that times jobs in the CLI and Chromium. */
export interface JobBenchArgs<T extends string> {
  runs: number;
  jobs: readonly T[];
  port: number;
  build: boolean;
  browser: boolean;
}

/** `[--runs N] [--jobs a,b] [--no-build] [--no-browser] [--port P]`, the shared line of the job benches. */
export function jobBenchArgs<const T extends string>(script: string, jobIds: readonly T[], defaultPort: number, argv?: string[]): JobBenchArgs<T> {
  const usage = `node ${script} [--runs N] [--jobs ${jobIds.join(",")}] [--no-build] [--no-browser] [--port P]`;
  const args = benchArgs(
    usage,
    {
      runs: { type: "string", default: "3" },
      jobs: { type: "string", default: jobIds.join(",") },
      "no-build": { type: "boolean", default: false },
      "no-browser": { type: "boolean", default: false },
      port: { type: "string", default: String(defaultPort) },
    },
    argv,
  );
  return {
    runs: positiveInt(args.runs, "--runs"),
    jobs: listOf(args.jobs, jobIds, "--jobs"),
    port: positiveInt(args.port, "--port"),
    build: !args["no-build"],
    browser: !args["no-browser"],
  };
}
