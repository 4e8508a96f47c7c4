import { describe, expect, it } from "vitest";
import { describeDocument } from "./describe-document.ts";

describe("describeDocument", () => {
  it("lists what is known, in the page's order", () => {
    expect(describeDocument({ kind: "pdf", pages: 12, title: "Annual report", hasText: false })).toEqual([
      { label: "Type", value: "PDF" },
      { label: "Pages", value: "12" },
      { label: "Title", value: "Annual report" },
      { label: "Text", value: "None found: it looks like a scan. Export its pages as JPG or PNG." },
    ]);
    expect(describeDocument({ kind: "pdf", encrypted: true }).map((l) => l.label)).toEqual(["Type", "Protection"]);
    expect(describeDocument({ kind: "jpeg", width: 640, height: 480 })).toContainEqual({ label: "Size", value: "640 × 480 pixels" });
    expect(describeDocument({ kind: "txt", encoding: "Windows-1252" })).toContainEqual({ label: "Encoding", value: "Windows-1252" });
  });
});
