// JSON out: the top levels written piece by piece (a 100 MB table is millions of records, too much
// for one JSON.stringify string), everything below by JSON.stringify, re-indented for its level.
import type { DataValue } from "./data-model.ts";
import type { TextSink } from "./text-codec.ts";

/** levels written by hand; below them JSON.stringify writes each value in one go */
const STREAMED_LEVELS = 3;
/** how often (in records) progress is reported */
const TICK_EVERY = 4096;

export function writeJson(value: DataValue, sink: TextSink, pretty: boolean, tick?: (fraction: number) => void): void {
  const pad = (level: number) => (pretty ? `\n${"  ".repeat(level)}` : "");
  const emit = (node: DataValue, level: number, top: boolean) => {
    if (node === null || typeof node !== "object" || level >= STREAMED_LEVELS) {
      const text = JSON.stringify(node, null, pretty ? 2 : undefined) ?? "null";
      sink.write(pretty && level > 0 && text.includes("\n") ? text.replaceAll("\n", pad(level)) : text);
      return;
    }
    const entries: [string | null, DataValue][] = Array.isArray(node) ? node.map((v) => [null, v]) : Object.entries(node);
    const [open, close] = Array.isArray(node) ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) {
      sink.write(open + close);
      return;
    }
    sink.write(open);
    entries.forEach(([key, child], i) => {
      sink.write((i > 0 ? "," : "") + pad(level + 1));
      if (key !== null) sink.write(JSON.stringify(key) + (pretty ? ": " : ":"));
      emit(child, level + 1, false);
      if (top && tick && i % TICK_EVERY === 0) tick(i / entries.length);
    });
    sink.write(pad(level) + close);
  };
  emit(value, 0, true);
  if (pretty) sink.write("\n");
}
