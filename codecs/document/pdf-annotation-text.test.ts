import { PDFBool, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { annotationItems } from "./pdf-annotation-text.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { readPdfText } from "./read-pdf.ts";

const upright = (x: number, y: number): [number, number] => [x, y];
const texts = (annotations: unknown[]): string[] => annotationItems(annotations, upright).map((item) => item.text);

describe("annotationItems", () => {
  it("gives a text field's value inside its box, a drop-down's chosen entry by its display name, a list box's entries", () => {
    const field = { subtype: "Widget", fieldType: "Tx", fieldValue: "Jane Example", rect: [200, 700, 450, 720], defaultAppearanceData: { fontSize: 12 } };
    const [item] = annotationItems([field], upright);
    expect(item).toMatchObject({ text: "Jane Example", size: 12 });
    expect(item!.x).toBeGreaterThanOrEqual(200);
    expect(item!.y).toBeGreaterThan(700);
    expect(item!.y).toBeLessThan(720);
    const options = [
      { exportValue: "OH", displayValue: "Ohio" },
      { exportValue: "TX", displayValue: "Texas" },
    ];
    expect(texts([{ subtype: "Widget", fieldType: "Ch", combo: true, fieldValue: ["TX"], options, rect: [0, 0, 100, 20] }])).toEqual(["Texas"]);
    expect(texts([{ subtype: "Widget", fieldType: "Ch", combo: false, fieldValue: [], options, rect: [0, 0, 100, 40] }])).toEqual(["Ohio", "Texas"]);
  });

  it("wraps a multi-line field and a free-text comment down from the top of their box", () => {
    const items = annotationItems([{ subtype: "FreeText", contentsObj: { str: "one two three four five six seven eight" }, rect: [0, 0, 60, 200], defaultAppearanceData: { fontSize: 10 } }], upright);
    expect(items.map((item) => item.text).join(" ")).toBe("one two three four five six seven eight");
    expect(items.length).toBeGreaterThan(1);
    expect(items.map((item) => item.y)).toEqual(items.map((item) => item.y).toSorted((a, b) => b - a));
  });

  it("gives nothing for sticky notes, check boxes, hidden, password and empty fields, or broken data", () => {
    const rect = [0, 0, 100, 20];
    expect(
      texts([
        { subtype: "Text", contentsObj: { str: "a note in a popup" }, rect },
        { subtype: "Widget", fieldType: "Btn", fieldValue: "Yes", rect },
        { subtype: "Widget", fieldType: "Tx", fieldValue: "hidden", annotationFlags: 2, rect },
        { subtype: "Widget", fieldType: "Tx", fieldValue: "no view", annotationFlags: 32, rect },
        { subtype: "Widget", fieldType: "Tx", fieldValue: "secret", password: true, rect },
        { subtype: "Widget", fieldType: "Tx", fieldValue: "", rect },
        { subtype: "Widget", fieldType: "Tx", fieldValue: "no box", rect: [1, 2] },
        null,
        "junk",
      ]),
    ).toEqual([]);
  });
});

/** A form filled in with pdf-lib: labels in the page's text, values only in the fields. */
async function filledForm(needAppearances: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  page.drawText("Taxpayer name", { x: 50, y: 755, size: 11, font });
  const name = form.createTextField("name");
  name.setText("Jane Quincy Example");
  name.addToPage(page, { x: 200, y: 750, width: 250, height: 20, font });
  page.drawText("State", { x: 50, y: 715, size: 11, font });
  const state = form.createDropdown("state");
  state.addOptions(["Alaska", "Ohio"]);
  state.select("Ohio");
  state.addToPage(page, { x: 200, y: 710, width: 120, height: 20, font });
  page.drawText("Sign below.", { x: 50, y: 650, size: 11, font });
  if (!needAppearances) return doc.save();
  for (const field of form.getFields()) for (const widget of field.acroField.getWidgets()) widget.dict.delete(PDFName.of("AP"));
  form.acroForm.dict.set(PDFName.of("NeedAppearances"), PDFBool.True);
  return doc.save({ updateFieldAppearances: false });
}

describe("readPdfText on a filled-in form", () => {
  it.each([
    ["with appearance streams", false],
    ["with none, /NeedAppearances set", true],
  ])("prints each field's value after its label (%s), as pdftotext", async (_, needAppearances) => {
    const text = await readPdfText(await nodePdfjs(), await filledForm(needAppearances));
    expect(text.replace(/\s+/g, " ").trim()).toBe("Taxpayer name Jane Quincy Example State Ohio Sign below.");
  });
});

describe("annotationItems on a comb field", () => {
  it("keeps its characters one word, as pdftotext prints them", () => {
    const items = annotationItems([{ subtype: "Widget", fieldType: "Tx", comb: true, maxLen: 4, fieldValue: "1234", rect: [0, 0, 80, 20], defaultAppearanceData: { fontSize: 10 } }], upright);
    expect(items.map((item) => item.text)).toEqual(["1234"]);
  });
});

describe("annotationItems with the lines an appearance stream draws", () => {
  it("prints those lines (not the field's value) from where pdf.js found them", () => {
    const field = { subtype: "Widget", fieldType: "Tx", fieldValue: "stale value", textContent: ["Drawn line one", "Drawn line two"], textPosition: [10, 10], rect: [200, 690, 450, 740], defaultAppearanceData: { fontSize: 10 } };
    const items = annotationItems([field], upright);
    expect(items.map((item) => item.text)).toEqual(["Drawn line one", "Drawn line two"]);
    expect(items.map((item) => [item.x, Math.round(item.y)])).toEqual([
      [210, 712],
      [210, 700],
    ]);
  });
});
