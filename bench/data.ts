// Data converter benchmark (issue 15): `npm run convert` (the built CLI: Node's start, reading,
// parsing, writing) on a 100 MB CSV → JSON and a 50 MB XML → JSON, against the same conversions
// written in Python with its standard library (csv.DictReader + json.dump; ElementTree with the
// same XML → JSON mapping as ours), and jq reading our JSON and Python's (the cost of one parse of
// each output, for scale). Target: ours within 2× Python's time.
//
// Each output is checked: Python's json module reads ours and finds the same records as Python's.
// The inputs are made by this script (deterministic), in the system's temp folder.
//
// Run:   node bench/data.ts [--runs N] [--no-build]
//   --runs N   runs per job, the table shows medians of wall and CPU (user + system) seconds
// Exits 0 whatever the numbers; 1 when the build fails.
import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { JQ, PYTHON } from "#tests/support/reference-tools.ts";
import { median } from "./measure.ts";
import { build, log, positiveInt, ROOT } from "./server.ts";

const WORK = join(tmpdir(), "data-bench");
const TIME = "/usr/bin/time";
const CSV_BYTES = 100 * 1024 * 1024;
const XML_BYTES = 50 * 1024 * 1024;
const TARGET_RATIO = 2;

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "3" }, "no-build": { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } } });
if (args.help) {
  console.log("node bench/data.ts [--runs N] [--no-build]");
  process.exit(0);
}
const RUNS = positiveInt(args.runs, "--runs");

/** Writes lines until the file has `bytes`; the same content every time. */
async function makeFile(path: string, bytes: number, head: string, line: (i: number) => string, tail: string): Promise<void> {
  if (existsSync(path) && statSync(path).size >= bytes) return;
  const out = createWriteStream(path);
  let size = 0;
  const write = (text: string) => new Promise<void>((done) => (out.write(text) ? done() : out.once("drain", done)));
  await write(head);
  for (let i = 0; size < bytes; i++) {
    const text = line(i);
    size += Buffer.byteLength(text);
    await write(text);
  }
  await write(tail);
  await new Promise<void>((done) => out.end(done));
}

const PY_CSV = "import csv, json, sys\nwith open(sys.argv[1], newline='', encoding='utf-8') as f, open(sys.argv[2], 'w', encoding='utf-8') as o:\n    json.dump(list(csv.DictReader(f)), o, ensure_ascii=False)";
// the same mapping as codecs/data (README.md): @attributes first, repeats as arrays, #text, text trimmed
const PY_XML = `import json, sys, xml.etree.ElementTree as ET
def value(e):
    text = (e.text or '').strip()
    if not e.attrib and len(e) == 0: return text
    v = {'@' + k: a for k, a in e.attrib.items()}
    for c in e:
        x = value(c)
        if c.tag in v:
            if isinstance(v[c.tag], list) and c.tag in seen[id(v)]: v[c.tag].append(x)
            else: v[c.tag] = [v[c.tag], x]; seen.setdefault(id(v), set()).add(c.tag)
        else: v[c.tag] = x; seen.setdefault(id(v), set())
        tail = (c.tail or '').strip()
        if tail: text += tail
    if text: v['#text'] = text
    return v
seen = {}
root = ET.parse(sys.argv[1]).getroot()
with open(sys.argv[2], 'w', encoding='utf-8') as o: json.dump({root.tag: value(root)}, o, ensure_ascii=False)`;

/** Runs a command under /usr/bin/time; wall and CPU seconds. */
function run(command: string, commandArgs: string[]): { wall: number; cpu: number } {
  const result = spawnSync(TIME, ["-f", "%e %U %S", command, ...commandArgs], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed: ${result.stderr.slice(-500)}`);
  const [wall, user, system] = result.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { wall: wall!, cpu: user! + system! };
}

/** "same" when Python's json module reads equal values from the two files, else "DIFFERENT". */
const same = (a: string, b: string): string =>
  spawnSync(PYTHON, ["-c", "import json, sys\na, b = (json.load(open(p, encoding='utf-8')) for p in sys.argv[1:3])\nprint('same' if a == b else 'DIFFERENT')", a, b], { encoding: "utf8" }).stdout.trim();

interface Job {
  name: string;
  command: string;
  args: string[];
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  if (!args["no-build"]) build();
  const csv = join(WORK, "people.csv");
  const xml = join(WORK, "catalog.xml");
  log("writing the inputs ...");
  await makeFile(csv, CSV_BYTES, "id,name,email,city,amount,note\n", (i) => `${i},Name ${i},user${i}@example.com,City ${i % 500},${((i * 7919) % 100000) / 100},"note, with a comma ${i}"\n`, "");
  await makeFile(
    xml,
    XML_BYTES,
    '<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n',
    (i) => `  <book id="b${i}" lang="en">\n    <title>Title ${i} &amp; more</title>\n    <author>Author ${i % 1000}</author>\n    <author>Co ${i}</author>\n    <price currency="EUR">${i % 97}.50</price>\n  </book>\n`,
    "</catalog>\n",
  );
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
