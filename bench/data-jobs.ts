// The data converter's benchmark inputs and reference commands, shared by bench/data.ts and
// bench/docs.ts: a 100 MB CSV and a 50 MB XML written deterministically, the same conversions in
// Python's standard library, a timer for a child process (/usr/bin/time: wall and CPU seconds) and
// an output check (Python's json module reads two files and compares the values).
import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PYTHON } from "#tests/support/reference-tools.ts";
import { ROOT } from "./server.ts";

export const DATA_WORK = join(tmpdir(), "data-bench");
const TIME = "/usr/bin/time";
export const CSV_BYTES = 100 * 1024 * 1024;
export const XML_BYTES = 50 * 1024 * 1024;

/** Writes lines until the file has `bytes` (kept when already there); the same content every time. */
async function makeFile(path: string, bytes: number, head: string, line: (i: number) => string, tail: string): Promise<number> {
  if (existsSync(path) && statSync(path).size >= bytes) return -1;
  const part = `${path}.part`;
  const out = createWriteStream(part);
  let size = 0;
  let lines = 0;
  const write = (text: string) => new Promise<void>((done) => (out.write(text) ? done() : out.once("drain", done)));
  await write(head);
  for (let i = 0; size < bytes; i++) {
    const text = line(i);
    size += Buffer.byteLength(text);
    lines++;
    await write(text);
  }
  await write(tail);
  await new Promise<void>((done) => out.end(done));
  // an interrupted run leaves a .part file, never a short input that looks finished
  renameSync(part, path);
  return lines;
}

const DAY_MS = 86_400_000;
const EPOCH_2000 = Date.UTC(2000, 0, 1);

/**
 * The 100 MB CSV: ids, names with quotes and commas (quoted, quotes doubled), e-mails, decimals,
 * ISO dates, a city and a quoted note with a comma. One header row, LF line ends.
 */
export const CSV_HEADER = "id,name,email,amount,date,city,note\n";
export const csvLine = (i: number): string =>
  `${i},"Doe, Jane ""J${i % 97}"" ${i}",user${i}@example.com,${((i * 7919) % 1_000_000) / 100},${new Date(EPOCH_2000 + (i % 9000) * DAY_MS).toISOString().slice(0, 10)},City ${i % 500},"note, with a comma ${i}"\n`;

/** The 50 MB XML: records with attributes, an entity, repeated and nested elements. */
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n';
export const xmlRecord = (i: number): string =>
  `  <book id="b${i}" lang="en">\n    <title>Title ${i} &amp; more</title>\n    <author>Author ${i % 1000}</author>\n    <author>Co ${i}</author>\n    <price currency="EUR">${i % 97}.50</price>\n    <shelf><room>R${i % 12}</room><row>${i % 40}</row></shelf>\n  </book>\n`;
export const XML_TAIL = "</catalog>\n";

export interface DataInputs {
  csv: string;
  xml: string;
}

/** Makes (or finds) both inputs in DATA_WORK. */
export async function dataInputs(log: (message: string) => void): Promise<DataInputs> {
  mkdirSync(DATA_WORK, { recursive: true });
  // the names carry the content's version: an older file with other rows is never reused
  const csv = join(DATA_WORK, "records-v2.csv");
  const xml = join(DATA_WORK, "catalog-v2.xml");
  const rows = await makeFile(csv, CSV_BYTES, CSV_HEADER, csvLine, "");
  const records = await makeFile(xml, XML_BYTES, XML_HEAD, xmlRecord, XML_TAIL);
  log(`CSV ${csv}: ${(statSync(csv).size / 1024 ** 2).toFixed(0)} MiB${rows >= 0 ? `, ${rows} rows written` : " (already there)"}`);
  log(`XML ${xml}: ${(statSync(xml).size / 1024 ** 2).toFixed(0)} MiB${records >= 0 ? `, ${records} records written` : " (already there)"}`);
  return { csv, xml };
}

/**
 * CSV → JSON in Python: csv.DictReader (header row) and json.dump, cells typed as our default
 * keepTypes types them (decision 054: JSON numbers, true/false, else text), so both do the same work
 * and Python's json module finds the same values.
 */
export const PY_CSV = `import csv, json, re, sys
NUMBER = re.compile(r'-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?')
BOOLEANS = {'true': True, 'True': True, 'TRUE': True, 'false': False, 'False': False, 'FALSE': False}
def cell(t):
    if NUMBER.fullmatch(t): return float(t) if any(c in t for c in '.eE') else int(t)
    return BOOLEANS.get(t, t)
with open(sys.argv[1], newline='', encoding='utf-8') as f, open(sys.argv[2], 'w', encoding='utf-8') as o:
    json.dump([{k: cell(v) for k, v in r.items()} for r in csv.DictReader(f)], o, ensure_ascii=False)`;

/** XML → JSON in Python: ElementTree with the mapping of codecs/data (README.md): @attributes first, repeats as arrays, #text, text trimmed. */
export const PY_XML = `import json, sys, xml.etree.ElementTree as ET
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

export interface Timing {
  wall: number;
  cpu: number;
}

/** Runs a command under /usr/bin/time from the repository's root (with `env` added to ours); wall and CPU (user + system) seconds. Throws when it fails. */
export function timeCommand(command: string, commandArgs: string[], env?: Record<string, string>): Timing {
  const result = spawnSync(TIME, ["-f", "%e %U %S", command, ...commandArgs], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26, ...(env ? { env: { ...process.env, ...env } } : {}) });
  if (result.status !== 0) {
    // the command's last words (the line /usr/bin/time adds is not one of them)
    const said = result.stderr.trim().split("\n").filter((l) => !l.startsWith("Command exited with non-zero status") && !/^[\d.]+ [\d.]+ [\d.]+$/.test(l));
    throw new Error(`${command.split("/").at(-1)} failed (exit ${result.status ?? result.signal}): ${said.at(-1)?.slice(0, 300) ?? ""}`);
  }
  const [wall, user, system] = result.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { wall: wall!, cpu: user! + system! };
}

/** "same" when Python's json module reads equal values from the two files, else "DIFFERENT" (or Python's error). */
export function sameJson(a: string, b: string): string {
  const result = spawnSync(PYTHON, ["-c", "import json, sys\na, b = (json.load(open(p, encoding='utf-8')) for p in sys.argv[1:3])\nprint('same' if a == b else 'DIFFERENT')", a, b], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : `python failed: ${result.stderr.trim().split("\n").at(-1)}`;
}

/** How many records Python's json module finds in a JSON file: the array's length, or the array under the one key's one array. */
export function jsonRecordCount(file: string): number {
  const script =
    "import json, sys\nv = json.load(open(sys.argv[1], encoding='utf-8'))\nwhile isinstance(v, dict) and len(v) == 1: v = next(iter(v.values()))\n" +
    "if isinstance(v, dict): v = next((x for x in v.values() if isinstance(x, list)), [])\nprint(len(v) if isinstance(v, list) else -1)";
  const result = spawnSync(PYTHON, ["-c", script, file], { encoding: "utf8" });
  return result.status === 0 ? Number(result.stdout.trim()) : -1;
}
