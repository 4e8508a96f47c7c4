// XML to a JSON tree over our parser (xml-parse.ts, which checks well-formedness and expands
// entities): "@name" attributes first, then child elements (repeats as arrays), then "#text"; an
// element with neither attributes nor children is its text. Text is trimmed; nesting is capped there.
import type { DataObject, DataValue } from "./data-model.ts";
import { parseXml, type XmlParseOptions } from "./xml-parse.ts";

interface Frame {
  name: string;
  attributes: Record<string, string>;
  children: DataObject | null;
  /** child names seen more than once (their value is an array we made) */
  repeated: Set<string> | null;
  text: string[];
}

/** Sets a key, "__proto__" too (as an own key, not the prototype). Plain objects stay fast (no null prototype: V8 keeps those in dictionary mode). */
function setKey(object: DataObject, key: string, value: DataValue): void {
  if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

function addChild(frame: Frame, name: string, value: DataValue): void {
  frame.children ??= {};
  const children = frame.children;
  if (!Object.hasOwn(children, name)) {
    setKey(children, name, value);
    return;
  }
  frame.repeated ??= new Set();
  if (frame.repeated.has(name)) (children[name] as DataValue[]).push(value);
  else {
    children[name] = [children[name]!, value];
    frame.repeated.add(name);
  }
}

function valueOf(frame: Frame, attributePrefix: string, textKey: string): DataValue {
  const text = frame.text.length === 0 ? "" : frame.text.length === 1 ? frame.text[0]!.trim() : frame.text.join("").trim();
  const names = Object.keys(frame.attributes);
  if (names.length === 0 && frame.children === null) return text;
  const value: DataObject = {};
  for (const name of names) value[attributePrefix + name] = frame.attributes[name]!;
  if (frame.children) for (const key of Object.keys(frame.children)) setKey(value, key, frame.children[key]!);
  if (text !== "") value[textKey] = text;
  return value;
}

/** The tree of an XML document; refuses one that is not well formed (line and column). */
export function buildXmlTree(text: string, attributePrefix: string, textKey: string, options: XmlParseOptions = {}): DataValue {
  const document: Frame = { name: "", attributes: {}, children: null, repeated: null, text: [] };
  const stack: Frame[] = [document];
  parseXml(
    text,
    {
      open(name, attributes) {
        stack.push({ name, attributes, children: null, repeated: null, text: [] });
      },
      text(data) {
        // text outside the root element is only white space (the parser saw to that)
        if (stack.length > 1) stack.at(-1)!.text.push(data);
      },
      close() {
        const frame = stack.pop()!;
        addChild(stack.at(-1)!, frame.name, valueOf(frame, attributePrefix, textKey));
      },
    },
    options,
  );
  return document.children ?? {};
}
