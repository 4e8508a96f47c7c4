// The writers on random models (any text, links, spans and nesting a reader might let through):
// writeTxt gives text, writeDocx gives a zip whose XML parts fast-xml-parser finds well-formed,
// writePdf a PDF qpdf finds sound or the visitor's DocumentError.
import fc from "fast-check";
import { strFromU8, unzipSync } from "fflate";
import { XMLValidator } from "fast-xml-parser";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { propertyRuns } from "#tests/support/property.ts";
import { HAVE_QPDF } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Block, DocModel, TableCell, TextRun } from "./model.ts";
import { DocumentError } from "./document-error.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "./pdf-fonts-node.ts";
import { writeDocx } from "./write-docx.ts";
import { writePdf } from "./write-pdf.ts";
import { writeTxt } from "./write-txt.ts";

const png = rampPng(8, 4);

const runArb: fc.Arbitrary<TextRun> = fc.record(
  {
    // "binary" strings hold control characters and lone surrogates too
    text: fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }), fc.constantFrom("a\nb", "\t", "&<>\"'")),
    bold: fc.boolean(),
    italic: fc.boolean(),
    underline: fc.boolean(),
    href: fc.constantFrom("https://example.com/?a=1&b=2", "javascript:alert(1)", "#top", "mailto:x@example.com"),
  },
  { requiredKeys: ["text"] },
);

const { block } = fc.letrec<{ block: Block; cell: TableCell }>((tie) => ({
  block: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ kind: fc.constant("paragraph" as const), runs: fc.array(runArb, { maxLength: 3 }), align: fc.constantFrom("left" as const, "center" as const, "right" as const, "justify" as const) }),
    fc.record({ kind: fc.constant("heading" as const), level: fc.constantFrom(1 as const, 2 as const, 3 as const, 6 as const), runs: fc.array(runArb, { maxLength: 2 }) }),
    fc.constant({ kind: "page-break" as const }),
    fc.record({ kind: fc.constant("image" as const), data: fc.constant(png), mime: fc.constant("image/png" as const), width: fc.constantFrom(8, 0), height: fc.constant(4), alt: fc.string({ maxLength: 6 }) }),
    fc.record({ kind: fc.constant("list" as const), ordered: fc.boolean(), items: fc.array(fc.record({ blocks: fc.array(tie("block"), { maxLength: 3 }) }), { maxLength: 3 }) }),
    fc.record({
      kind: fc.constant("table" as const),
      rows: fc.array(fc.record({ cells: fc.array(tie("cell"), { maxLength: 4 }), header: fc.boolean() }), { maxLength: 4 }),
    }),
  ),
  cell: fc.record(
    {
      blocks: fc.array(tie("block"), { maxLength: 2 }),
      colSpan: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constant(1e9), fc.constant(Number.NaN)),
      rowSpan: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constant(1e9)),
    },
    { requiredKeys: ["blocks"] },
  ),
}));

const modelArb: fc.Arbitrary<DocModel> = fc.record({ blocks: fc.array(block, { maxLength: 6 }), notes: fc.constant([]), title: fc.string({ unit: "binary", maxLength: 8 }) });

describe("the writers on random models", () => {
  it("writeTxt gives text with no carriage returns", () => {
    fc.assert(
      fc.property(modelArb, (model) => {
        const text = writeTxt(model);
        expect(text).not.toContain("\r");
      }),
      propertyRuns(200),
    );
  });

  it("writeDocx gives a zip of well-formed XML", async () => {
    await fc.assert(
      fc.asyncProperty(modelArb, async (model) => {
        const files = unzipSync(await writeDocx(model));
        for (const [name, data] of Object.entries(files)) {
          if (!/\.(xml|rels)$/.test(name)) continue;
          const xml = strFromU8(data);
          expect(XMLValidator.validate(xml), name).toBe(true);
          // characters XML 1.0 forbids, which Word refuses even escaped
          // eslint-disable-next-line no-control-regex -- these controls are exactly what is looked for
          expect(xml, name).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
        }
      }),
      propertyRuns(60),
    );
  });

  it.skipIf(!HAVE_QPDF)("writePdf gives a PDF qpdf finds sound, or a DocumentError", async () => {
    const fonts = await nodePdfFonts();
    const dir = scratch("writers-fuzz-pdf");
    let written = 0;
    try {
      await fc.assert(
        fc.asyncProperty(modelArb, async (model) => {
          let pdf: Uint8Array;
          try {
            pdf = await writePdf(model, fonts, { fallbackFonts: nodePdfFallbackFonts });
          } catch (error) {
            // random "binary" text is mostly characters no font draws, a 0-wide picture is damaged,
            // and a colSpan of 10^9 leaves the next cell past the 63 columns a page can take
            expect(error).toBeInstanceOf(DocumentError);
            expect((error as DocumentError).code).toMatch(/^(unsupported-script|damaged|too-much-work)$/);
            return;
          }
          written++;
          execFileSync("/usr/bin/qpdf", ["--check", dir.write("random.pdf", pdf)], { stdio: "ignore" });
        }),
        propertyRuns(40),
      );
    } finally {
      dir.cleanup();
    }
    // the property must have made some PDFs, not only refusals
    expect(written).toBeGreaterThan(5);
  });
});
