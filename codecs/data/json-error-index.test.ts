// The JSON error scanner agrees with JSON.parse on what is valid, and where V8 says, on where it fails.
import { describe, expect, it } from "vitest";
import { jsonErrorIndex } from "./json-error-index.ts";

const V8_POSITION = /at position (\d+)/;

describe("jsonErrorIndex", () => {
  it("finds nothing wrong in valid JSON", () => {
    for (const text of ['{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\n"],"b":{}}', "[]", " 0 ", '"s"', "[[[]]]", '{"":{"":[{}]}}']) {
      expect(JSON.parse(text)).toBeDefined();
      expect(jsonErrorIndex(text), text).toBe(-1);
    }
  });

  it("agrees with V8 where V8 gives a position", () => {
    const bad = ['{"a" 1}', '[1 2]', '{"a":01}', '{a:1}', '["\\q"]', '["\\u12G4"]', '[1] x', '{"a":"\u0001"}', '[1,]', '{"a":1,}', "[-]", "[tr]", '{"a":1', '["ab'];
    for (const text of bad) {
      let message = "";
      try {
        JSON.parse(text);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, text).not.toBe("");
      const v8 = message.match(V8_POSITION);
      const ours = jsonErrorIndex(text);
      expect(ours, text).not.toBe(-1);
      if (v8) expect(ours, `${text}: ${message}`).toBe(Number(v8[1]));
    }
  });

  it("scans 10^5 levels without recursion", () => {
    expect(jsonErrorIndex("[".repeat(100_000) + "]".repeat(99_999))).toBe(199_999);
  });
});
