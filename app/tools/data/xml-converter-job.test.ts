import { describe, expect, it } from "vitest";
import { DATA_FORMATS } from "#codecs/data/data-model.ts";
import { DATA_ACCEPT } from "./meta.ts";
import { DEFAULT_TARGET, formatOfName } from "./xml-converter-job.ts";

describe("the data page's format rules", () => {
  it("reads the format from the name, .htm and .tsv included; anything else is TXT (its content is sniffed)", () => {
    expect(["a.xml", "b.JSON", "c.csv", "d.tsv", "e.html", "f.htm", "g.txt", "h", "i.dat"].map(formatOfName)).toEqual(["xml", "json", "csv", "csv", "html", "html", "txt", "txt", "txt"]);
  });

  it("offers every accepted format, and by default another format than the input's", () => {
    expect([...DATA_ACCEPT.extensions].toSorted()).toEqual([...DATA_FORMATS].toSorted());
    for (const format of DATA_FORMATS) expect(DEFAULT_TARGET[format]).not.toBe(format);
  });
});
