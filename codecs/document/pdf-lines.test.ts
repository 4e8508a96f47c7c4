import { describe, expect, it } from "vitest";
import { visibleLength } from "./pdf-lines.ts";

describe("visibleLength", () => {
  it("counts what is left after removing JavaScript's \\s, for every UTF-16 code unit", () => {
    const all = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)).join("");
    expect(visibleLength(all)).toBe(all.replace(/\s+/g, "").length);
    for (let c = 0; c < 0x10000; c++) {
      const one = String.fromCharCode(c);
      if (visibleLength(one) !== one.replace(/\s+/g, "").length) throw new Error(`code unit ${c.toString(16)} counted differently`);
    }
    expect(visibleLength(" a\u00a0b\u3000c\ud83d\ude00 ")).toBe(5);
  });
});
