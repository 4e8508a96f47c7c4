// XML out (README.md, "XML and JSON"): "@name" keys are attributes, "#text" is the text, an array
// is the element repeated, null and "" are empty elements. The root is the object's only key when
// there is exactly one (and it is not an array); anything else goes inside <root>, and the items of
// an array inside an array are <item> elements.
import { cellText } from "./flatten.ts";
import { type DataObject, type DataValue } from "./data-model.ts";
import { ATTRIBUTE_PREFIX, TEXT_KEY } from "./read-xml.ts";
import type { TextSink } from "./text-codec.ts";
import { escapeXml, xmlName } from "./xml-names.ts";

export const ROOT_NAME = "root";
export const ITEM_NAME = "item";
const TICK_EVERY = 4096;

const isObject = (value: DataValue): value is DataObject => value !== null && typeof value === "object" && !Array.isArray(value);
const scalarText = (value: DataValue): string => (value !== null && typeof value === "object" ? JSON.stringify(value) : cellText(value));

export function writeXml(value: DataValue, sink: TextSink, pretty: boolean, tick?: (fraction: number) => void): void {
  const newline = pretty ? "\n" : "";
  const indent = (level: number) => (pretty ? "  ".repeat(level) : "");
  let written = 0;
  let total = 1;

  const element = (name: string, content: DataValue, level: number): void => {
    if (Array.isArray(content)) {
      // repeated elements; an array directly inside this one becomes <item>s inside one element
      for (const item of content) {
        if (Array.isArray(item)) element(name, { [ITEM_NAME]: item }, level);
        else element(name, item, level);
        if (level === 1 && tick && ++written % TICK_EVERY === 0) tick(written / total);
      }
      return;
    }
    const tag = xmlName(name);
    if (!isObject(content)) {
      const text = scalarText(content);
      sink.write(text === "" ? `${indent(level)}<${tag}/>${newline}` : `${indent(level)}<${tag}>${escapeXml(text)}</${tag}>${newline}`);
      return;
    }
    let open = `${indent(level)}<${tag}`;
    let text = "";
    const children: [string, DataValue][] = [];
    for (const key in content) {
      const child = content[key]!;
      if (key.startsWith(ATTRIBUTE_PREFIX) && key.length > 1) open += ` ${xmlName(key.slice(1))}="${escapeXml(scalarText(child), true)}"`;
      else if (key === TEXT_KEY) text = scalarText(child);
      else children.push([key, child]);
    }
    if (children.length === 0) {
      sink.write(text === "" ? `${open}/>${newline}` : `${open}>${escapeXml(text)}</${tag}>${newline}`);
      return;
    }
    sink.write(`${open}>${text === "" ? "" : escapeXml(text)}${newline}`);
    for (const [key, child] of children) element(key, child, level + 1);
    sink.write(`${indent(level)}</${tag}>${newline}`);
  };

  sink.write(`<?xml version="1.0" encoding="UTF-8"?>${newline || "\n"}`);
  const keys = isObject(value) ? Object.keys(value) : [];
  const onlyKey = keys.length === 1 && !keys[0]!.startsWith(ATTRIBUTE_PREFIX) && keys[0] !== TEXT_KEY ? keys[0]! : undefined;
  if (onlyKey !== undefined && !Array.isArray((value as DataObject)[onlyKey])) {
    const inner = (value as DataObject)[onlyKey]!;
    if (isObject(inner)) for (const v of Object.values(inner)) if (Array.isArray(v)) total = Math.max(total, v.length);
    element(onlyKey, inner, 0);
  } else {
    if (Array.isArray(value)) total = Math.max(1, value.length);
    element(ROOT_NAME, Array.isArray(value) ? { [ITEM_NAME]: value } : value, 0);
  }
}
