import { describe, expect, it } from "vitest";
import { DEFAULT_DATA_OPTIONS } from "#codecs/data/data-model.ts";
import { defaultsOf, parseOptions, serializeOptions } from "../shared/tool-options-url.ts";
import { DATA_OPTIONS } from "./presets.ts";

describe("the data converter's options in a link", () => {
  it("has a parameter for every codec option, with the codec's defaults", () => {
    const { to, ...options } = defaultsOf(DATA_OPTIONS);
    expect(to).toBe("auto");
    expect(options).toEqual(DEFAULT_DATA_OPTIONS);
  });

  it("keepTypes: on by default and left out of links; ?keepTypes=0 turns it off", () => {
    expect(serializeOptions(DATA_OPTIONS, defaultsOf(DATA_OPTIONS)).toString()).toBe("");
    const { values, ignored } = parseOptions(DATA_OPTIONS, new URLSearchParams("to=json&keepTypes=0"));
    expect(ignored).toEqual([]);
    expect(values).toMatchObject({ to: "json", keepTypes: false, header: true, pretty: true });
    expect(serializeOptions(DATA_OPTIONS, values).toString()).toBe("to=json&keepTypes=0");
  });
});
