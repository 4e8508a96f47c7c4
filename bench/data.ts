// Data converter benchmark (issue 15): `npm run convert` (the built CLI: Node's start, reading,
// parsing, writing) on a 100 MB CSV → JSON and a 50 MB XML → JSON, against the same conversions
// written in Python with its standard library (csv.DictReader + json.dump; ElementTree with the
// same XML → JSON mapping as ours), and jq reading our JSON and Python's (the cost of one parse of
// each output, for scale). Target: ours within 2× Python's time.
//
// Each output is checked: Python's json module reads ours and finds the same records as Python's.
// The inputs are made by bench/data-jobs.ts (deterministic), in the system's temp folder; so are
// the Python commands. `npm run bench:docs` runs the same jobs in Chromium too.
//
// Run:   node bench/data.ts [--runs N] [--no-build]
//   --runs N   runs per job, the table shows medians of wall and CPU (user + system) seconds
// Exits 0 whatever the numbers; 1 when the build fails.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { JQ, PYTHON } from "#tests/support/reference-tools.ts";
import { DATA_WORK, dataInputs, PY_CSV, PY_XML, sameJson as same, timeCommand as run } from "./data-jobs.ts";
import { median } from "./measure.ts";
import { benchArgs, positiveInt } from "./bench-args.ts";
import { build, log } from "./server.ts";

const WORK = DATA_WORK;
const TARGET_RATIO = 2;

const args = benchArgs("node bench/data.ts [--runs N] [--no-build]", { runs: { type: "string", default: "3" }, "no-build": { type: "boolean", default: false } });
const RUNS = positiveInt(args.runs, "--runs");

interface Job {
  name: string;
  command: string;
  args: string[];
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  if (!args["no-build"]) build();
  log("writing the inputs ...");
  const { csv, xml } = await dataInputs(log);
  const out = (name: string) => join(WORK, name);
  const jobs: Job[] = [
    { name: "CSV → JSON, ours (CLI)", command: process.execPath, args: ["cli/launch.js", csv, out("ours-csv.json"), "--compact"] },
    { name: "CSV → JSON, Python", command: PYTHON, args: ["-c", PY_CSV, csv, out("py-csv.json")] },
    { name: "XML → JSON, ours (CLI)", command: process.execPath, args: ["cli/launch.js", xml, out("ours-xml.json"), "--compact"] },
    { name: "XML → JSON, Python", command: PYTHON, args: ["-c", PY_XML, xml, out("py-xml.json")] },
    { name: "jq . ours (CSV's JSON)", command: JQ, args: ["length", out("ours-csv.json")] },
  ];
  const times = new Map<string, { wall: number[]; cpu: number[] }>(jobs.map((j) => [j.name, { wall: [], cpu: [] }]));
  // the jobs take turns, one run each per round, so a busy spell of the shared machine is spread out
  for (let round = 0; round < RUNS; round++) {
    for (const job of jobs) {
      const t = run(job.command, job.args);
      times.get(job.name)!.wall.push(t.wall);
      times.get(job.name)!.cpu.push(t.cpu);
      log(`round ${round + 1}: ${job.name}: ${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU`);
    }
  }
  // the outputs hold the same records
  const csvSame = same(out("ours-csv.json"), out("py-csv.json"));
  const xmlSame = same(out("ours-xml.json"), out("py-xml.json"));
  const row = (name: string) => {
    const t = times.get(name)!;
    return { wall: median(t.wall), cpu: median(t.cpu) };
  };
  console.log(`\n| job | wall s | CPU s |\n|---|---|---|`);
  for (const job of jobs) console.log(`| ${job.name} | ${row(job.name).wall.toFixed(2)} | ${row(job.name).cpu.toFixed(2)} |`);
  for (const [what, ours, theirs, check] of [["CSV", "CSV → JSON, ours (CLI)", "CSV → JSON, Python", csvSame], ["XML", "XML → JSON, ours (CLI)", "XML → JSON, Python", xmlSame]] as const) {
    const ratio = row(ours).cpu / row(theirs).cpu;
    console.log(`${what} → JSON: ours / Python = ${ratio.toFixed(2)} (CPU), target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "NOT met"}; outputs: ${check}`);
  }
}

await main();
