// JSON out: containers that hold many entries are written entry by entry (a 100 MB table is
// millions of records, too much for one JSON.stringify string); everything else by JSON.stringify
// in one go (native, the fastest way), re-indented for its level. A CSV's typed cells (JsonNumber)
// are written by TypedWriter instead: JSON.stringify can only write a number through a double.
import { JsonNumber, type JsonValue } from "./data-model.ts";
import type { TextSink } from "./text-codec.ts";

/** a container with this many entries or more is written entry by entry */
const STREAM_FROM = 256;
/** how deep the writer looks for such a container (XML's records sit at level 2: {root: {item: [...]}}) */
const STREAM_LEVELS = 4;
/** how often (in entries of the top streamed container) progress is reported */
const TICK_EVERY = 4096;

type Container = JsonValue[] | { [key: string]: JsonValue };
const isContainer = (value: JsonValue): value is Container => value !== null && typeof value === "object" && !(value instanceof JsonNumber);
const sizeOf = (value: Container) => (Array.isArray(value) ? value.length : Object.keys(value).length);

/** Whether a big container is at or below `node`, looking through small objects only, `levels` deep. */
function holdsBig(node: JsonValue, levels: number): boolean {
  if (!isContainer(node)) return false;
  if (sizeOf(node) >= STREAM_FROM) return true;
  if (levels === 0 || Array.isArray(node)) return false;
  for (const key in node) if (holdsBig(node[key]!, levels - 1)) return true;
  return false;
}

/**
 * Writes a value as JSON.stringify(value, null, 2) would at `level` (or compact), but each JsonNumber
 * as its text, into `out` (parts joined once per record: concatenating strings is slower to encode).
 * Records of a CSV are a few levels deep (dotted columns, at most MAX_DEPTH).
 */
class TypedWriter {
  /** a CSV's keys repeat in every record: each is escaped once */
  private keys = new Map<string, string>();
  /** "\n" and the indent of each level ("" when compact) */
  private pads: string[] = [];
  private pretty: boolean;
  constructor(pretty: boolean) {
    this.pretty = pretty;
  }

  text(node: JsonValue, level: number): string {
    const out: string[] = [];
    this.write(node, level, out);
    return out.join("");
  }

  private key(key: string): string {
    let text = this.keys.get(key);
    if (text === undefined) {
      text = JSON.stringify(key) + (this.pretty ? ": " : ":");
      this.keys.set(key, text);
    }
    return text;
  }

  private pad(level: number): string {
    return (this.pads[level] ??= this.pretty ? `\n${"  ".repeat(level)}` : "");
  }

  private write(node: JsonValue, level: number, out: string[]): void {
    if (node instanceof JsonNumber) out.push(node.text);
    else if (!isContainer(node)) out.push(JSON.stringify(node));
    else {
      const array = Array.isArray(node);
      // own keys only, in JSON.stringify's order
      const keys = array ? null : Object.keys(node);
      const count = array ? node.length : keys!.length;
      if (count === 0) {
        out.push(array ? "[]" : "{}");
        return;
      }
      const inner = this.pad(level + 1);
      out.push(array ? "[" : "{");
      for (let i = 0; i < count; i++) {
        if (i > 0) out.push(",");
        out.push(inner);
        if (keys) out.push(this.key(keys[i]!));
        this.write(array ? node[i]! : (node as { [key: string]: JsonValue })[keys![i]!]!, level + 1, out);
      }
      out.push(this.pad(level), array ? "]" : "}");
    }
  }
}

/** `typed`: the value holds JsonNumbers (a CSV read with keepTypes), written by TypedWriter rather than JSON.stringify. */
export function writeJson(value: JsonValue, sink: TextSink, options: { pretty: boolean; typed?: boolean }, tick?: (fraction: number) => void): void {
  const { pretty, typed = false } = options;
  const pad = (level: number) => (pretty ? `\n${"  ".repeat(level)}` : "");
  let ticking = true;
  const typedWriter = typed ? new TypedWriter(pretty) : null;
  const emit = (node: JsonValue, level: number): void => {
    if (!isContainer(node) || level >= STREAM_LEVELS || !holdsBig(node, STREAM_LEVELS - level)) {
      if (typedWriter) {
        sink.write(typedWriter.text(node, level));
        return;
      }
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
      emit(array ? node[i]! : (node as { [key: string]: JsonValue })[keys![i]!]!, level + 1);
      if (reports && i % TICK_EVERY === 0) tick!(i / count);
    }
    sink.write(count === 0 ? (array ? "]" : "}") : pad(level) + (array ? "]" : "}"));
  };
  emit(value, 0);
  if (pretty) sink.write("\n");
}
