import { describe, expect, it } from "vitest";
import { percent, renderFailures, renderForeignRequests, renderTable, tally, type CaseResult } from "./table.ts";

const result = (over: Partial<CaseResult>): CaseResult => ({ category: "dds-to-png", format: "dds", name: "a.dds", input: "/c/a.dds", expect: "converts", verdict: "right", durationMs: 10, ...over });

const results: CaseResult[] = [
  result({ name: "a.dds" }),
  result({ name: "b.dds" }),
  result({ name: "c.dds", verdict: "falsely refused", reason: "Unsupported DDS pixel format: L8." }),
  result({ category: "tiff-to-pdf", format: "tiff", name: "p.tif", verdict: "crash", reason: "killed by SIGSEGV" }),
  result({ category: "tiff-to-pdf", format: "tiff", name: "q.tif" }),
];

describe("tally", () => {
  it("counts each verdict per category in the order given, and adds a total row", () => {
    const rows = tally(results, ["tiff-to-pdf", "dds-to-png", "psd-to-pdf"]);
    expect(rows.map((r) => [r.category, r.files, r.right])).toEqual([
      ["tiff-to-pdf", 2, 1],
      ["dds-to-png", 3, 2],
      ["all", 5, 3],
    ]);
    expect(rows[0]!.crash).toBe(1);
    expect(rows[1]!["falsely refused"]).toBe(1);
    expect(rows[2]!.memory).toBe(0);
  });

  it("one category has no total row", () => {
    expect(tally(results.slice(0, 3)).map((r) => r.category)).toEqual(["dds-to-png"]);
  });
});

describe("percent", () => {
  it("rounds down, so nearly all never reads as all", () => {
    expect(percent(2, 3)).toBe("2 (66.6 %)");
    expect(percent(999, 1000)).toBe("999 (99.9 %)");
    expect(percent(1999, 2000)).toBe("1999 (99.9 %)");
    expect(percent(4, 4)).toBe("4 (100 %)");
    expect(percent(0, 0)).toBe("0");
  });
});

describe("renderTable", () => {
  it("is the issue's Markdown table with the right column as a percentage", () => {
    expect(renderTable(tally(results, ["dds-to-png", "tiff-to-pdf"]))).toBe(
      [
        "| category | files | right | falsely refused | wrong output | unclear refusal | crash | hang | memory |",
        "|---|---|---|---|---|---|---|---|---|",
        "| dds-to-png | 3 | 2 (66.6 %) | 1 | 0 | 0 | 0 | 0 | 0 |",
        "| tiff-to-pdf | 2 | 1 (50 %) | 0 | 0 | 0 | 1 | 0 | 0 |",
        "| **all** | 5 | 3 (60 %) | 1 | 0 | 0 | 1 | 0 | 0 |",
      ].join("\n"),
    );
  });
});

describe("renderFailures", () => {
  it("lists every case that was not right with its reason, by category", () => {
    expect(renderFailures(results, ["tiff-to-pdf", "dds-to-png"])).toBe(
      ["tiff-to-pdf:", "- [crash] tiff/p.tif: killed by SIGSEGV", "dds-to-png:", "- [falsely refused] dds/c.dds: Unsupported DDS pixel format: L8."].join("\n"),
    );
    expect(renderFailures(results.filter((r) => r.verdict === "right"))).toBe("Every case was right.");
  });

  it("requests to another origin are listed per case", () => {
    expect(renderForeignRequests(results)).toBeNull();
    expect(renderForeignRequests([result({ foreignRequests: ["https://cdn.example/x.wasm"] })])).toBe("- dds/a.dds: https://cdn.example/x.wasm");
  });
});
