// JSON out: containers that hold many entries are written entry by entry (a 100 MB table is
// millions of records, too much for one JSON.stringify string); everything else by JSON.stringify
// in one go (native, the fastest way), re-indented for its level.
import type { DataValue } from "./data-model.ts";
import type { TextSink } from "./text-codec.ts";

/** a container with this many entries or more is written entry by entry */
const STREAM_FROM = 256;
/** how deep the writer looks for such a container (XML's records sit at level 2: {root: {item: [...]}}) */
const STREAM_LEVELS = 4;
/** how often (in entries of the top streamed container) progress is reported */
const TICK_EVERY = 4096;

type Container = DataValue[] | { [key: string]: DataValue };
const isContainer = (value: DataValue): value is Container => value !== null && typeof value === "object";
const sizeOf = (value: Container) => (Array.isArray(value) ? value.length : Object.keys(value).length);

/** Whether a big container is at or below `node`, looking through small objects only, `levels` deep. */
function holdsBig(node: DataValue, levels: number): boolean {
  if (!isContainer(node)) return false;
  if (sizeOf(node) >= STREAM_FROM) return true;
  if (levels === 0 || Array.isArray(node)) return false;
  for (const key in node) if (holdsBig(node[key]!, levels - 1)) return true;
  return false;
}

export function writeJson(value: DataValue, sink: TextSink, pretty: boolean, tick?: (fraction: number) => void): void {
  const pad = (level: number) => (pretty ? `\n${"  ".repeat(level)}` : "");
  let ticking = true;
  const emit = (node: DataValue, level: number): void => {
    if (!isContainer(node) || level >= STREAM_LEVELS || !holdsBig(node, STREAM_LEVELS - level)) {
      const text = JSON.stringify(node, null, pretty ? 2 : undefined) ?? "null";
      sink.write(pretty && level > 0 && text.includes("\n") ? text.replaceAll("\n", pad(level)) : text);
      return;
    }
    // the first big container met reports progress
    const reports = ticking && tick !== undefined && sizeOf(node) >= STREAM_FROM;
    if (reports) ticking = false;
    const array = Array.isArray(node);
    const keys = array ? null : Object.keys(node);
    const count = array ? node.length : keys!.length;
    sink.write(array ? "[" : "{");
    for (let i = 0; i < count; i++) {
      sink.write((i > 0 ? "," : "") + pad(level + 1));
      if (keys) sink.write(JSON.stringify(keys[i]) + (pretty ? ": " : ":"));
      emit(array ? node[i]! : (node as { [key: string]: DataValue })[keys![i]!]!, level + 1);
      if (reports && i % TICK_EVERY === 0) tick!(i / count);
    }
    sink.write(count === 0 ? (array ? "]" : "}") : pad(level) + (array ? "]" : "}"));
  };
  emit(value, 0);
  if (pretty) sink.write("\n");
}
