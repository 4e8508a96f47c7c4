import { describe, expect, it } from "vitest";
import { decimalRange, defaultsOf, flag, ignoredNote, intRange, named, oneOf, parseOptions, serializeOptions, subsetMembers, subsetOf, urlWithOptions } from "./tool-options-url.ts";

const schema = {
  format: oneOf(["rgba8", "bc1", "bc7"], "rgba8"),
  quality: oneOf(["fast", "normal", "best"], "normal"),
  mips: flag(false),
  level: intRange(1, 9, 5),
  dpi: oneOf([72, 150, 300], 150),
  delimiter: named({ auto: "auto", comma: ",", tab: "\t" }, "auto"),
};

const parse = (query: string) => parseOptions(schema, new URLSearchParams(query));

describe("parseOptions", () => {
  it("reads every kind of option", () => {
    expect(parse("format=bc7&quality=best&mips=1&level=9&dpi=300&delimiter=tab")).toEqual({
      values: { format: "bc7", quality: "best", mips: true, level: 9, dpi: 300, delimiter: "\t" },
      ignored: [],
    });
  });

  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({ values: defaultsOf(schema), ignored: [] });
  });

  it("reads the usual spellings of on and off", () => {
    for (const on of ["1", "true", "TRUE", "yes", "on"]) expect(parse(`mips=${on}`).values.mips).toBe(true);
    expect(parse("mips=1").values.mips).toBe(true);
    for (const off of ["0", "false", "no", "off"]) expect(parseOptions(schema, new URLSearchParams(`mips=${off}`), { ...defaultsOf(schema), mips: true }).values.mips).toBe(false);
  });

  it("ignores an invalid value with its reason, keeping the default", () => {
    const { values, ignored } = parse("quality=ultra&format=bc7");
    expect(values.quality).toBe("normal");
    expect(values.format).toBe("bc7");
    expect(ignored).toEqual([{ name: "quality", value: "ultra", reason: "not one of fast, normal, best" }]);
    expect(ignoredNote(ignored[0]!)).toBe("Ignored ?quality=ultra: not one of fast, normal, best");
  });

  it("ignores unknown names, repeated names and out-of-range numbers", () => {
    const { values, ignored } = parse("utm_source=mail&level=10&level=3&dpi=151&mips=maybe&level=2&toString=1&__proto__=x");
    expect(values).toEqual(defaultsOf(schema));
    expect(ignored.map((i) => `${i.name}=${i.value}: ${i.reason}`)).toEqual([
      "utm_source=mail: not a setting of this tool",
      "level=10: not a whole number from 1 to 9",
      "level=3: given more than once (the first counts)",
      "dpi=151: not one of 72, 150, 300",
      "mips=maybe: not 1 or 0",
      "level=2: given more than once (the first counts)",
      "toString=1: not a setting of this tool",
      "__proto__=x: not a setting of this tool",
    ]);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });

  it("lists the allowed values in the schema's order, numbers and names mixed", () => {
    const mixed = { bitrate: oneOf(["auto", "64", "128", "vbr-0"], "auto") };
    expect(parseOptions(mixed, new URLSearchParams("bitrate=999")).ignored[0]?.reason).toBe("not one of auto, 64, 128, vbr-0");
  });

  it("refuses numbers spelled loosely", () => {
    for (const text of ["", " 5", "5.0", "1e1", "0x5", "+5", "99999999999"]) expect(parse(`level=${encodeURIComponent(text)}`).ignored).toHaveLength(1);
  });
});

describe("serializeOptions", () => {
  it("leaves defaults out", () => {
    expect(serializeOptions(schema, defaultsOf(schema)).toString()).toBe("");
    expect(serializeOptions(schema, { ...defaultsOf(schema), format: "bc7", mips: true }).toString()).toBe("format=bc7&mips=1");
  });

  it("spells named values by name, in the schema's order", () => {
    expect(serializeOptions(schema, { ...defaultsOf(schema), delimiter: "\t", dpi: 300, quality: "best" }).toString()).toBe("quality=best&dpi=300&delimiter=tab");
  });

  it("round-trips through parseOptions", () => {
    const values = { format: "bc1", quality: "fast", mips: true, level: 1, dpi: 72, delimiter: "," } as const;
    expect(parse(serializeOptions(schema, values).toString())).toEqual({ values, ignored: [] });
  });
});

describe("decimalRange", () => {
  const exposure = { exposure: decimalRange(-10, 10, 0) };
  it("reads plain decimals in the range and nothing else", () => {
    expect(parseOptions(exposure, new URLSearchParams("exposure=-1.5")).values.exposure).toBe(-1.5);
    for (const text of ["10.5", "1e1", "", ".5", "Infinity", "NaN", "1,5"]) expect(parseOptions(exposure, new URLSearchParams({ exposure: text })).ignored[0]?.reason).toBe("not a number from -10 to 10");
    expect(serializeOptions(exposure, { exposure: 2.5 }).toString()).toBe("exposure=2.5");
  });
});

describe("subsetOf", () => {
  const sizes = { sizes: subsetOf([16, 24, 32, 48, 256], [16, 32, 48]) };

  it("reads any subset in any order, held in the list's order", () => {
    expect(parseOptions(sizes, new URLSearchParams("sizes=256,16,16")).values.sizes).toBe("16,256");
    expect(parseOptions(sizes, new URLSearchParams("sizes=")).values.sizes).toBe("");
    expect(subsetMembers("16,256")).toEqual([16, 256]);
    expect(subsetMembers("")).toEqual([]);
  });

  it("ignores a list with anything else in it, and leaves the default out", () => {
    expect(parseOptions(sizes, new URLSearchParams("sizes=16,17")).ignored[0]?.reason).toBe("not a comma-separated list of 16, 24, 32, 48, 256");
    expect(parseOptions(sizes, new URLSearchParams("sizes=16,,32")).ignored).toHaveLength(1);
    expect(serializeOptions(sizes, { sizes: "16,32,48" }).toString()).toBe("");
    expect(serializeOptions(sizes, { sizes: "256" }).toString()).toBe("sizes=256");
  });
});

describe("ignoredNote and urlWithOptions", () => {
  it("shortens long values and leaves out an empty one", () => {
    expect(ignoredNote({ name: "x", value: "a".repeat(100), reason: "r" })).toBe(`Ignored ?x=${"a".repeat(40)}…: r`);
    expect(ignoredNote({ name: "x", value: "", reason: "r" })).toBe("Ignored ?x: r");
  });

  it("puts the options as the whole query and keeps the hash", () => {
    expect(urlWithOptions({ pathname: "/tool/a", hash: "#top" }, new URLSearchParams("format=bc7"))).toBe("/tool/a?format=bc7#top");
    expect(urlWithOptions({ pathname: "/tool/a", hash: "" }, new URLSearchParams())).toBe("/tool/a");
  });
});
