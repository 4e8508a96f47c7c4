// Filled-in forms and annotated pages for the PDF corpus, written with pdf-lib (a PDF writer that is
// not ours): text fields (one line, several, a comb of one character to a cell), check boxes, a
// drop-down list, radio buttons, with appearance streams drawn by pdf-lib, or without any and
// /NeedAppearances set (the viewer draws them, as poppler does); and a page with a free-text comment (with and without its own appearance)
// and a sticky note whose text only shows in a popup.
import { PDFDocument, PDFName, PDFBool, PDFString, StandardFonts, type PDFPage, type PDFFont } from "pdf-lib";

export interface FormOptions {
  /** false: no widget keeps an appearance stream and the form asks the viewer to draw them */
  appearances: boolean;
}

function label(page: PDFPage, font: PDFFont, text: string, y: number): void {
  page.drawText(text, { x: 50, y: y + 5, size: 11, font });
}

/** A one-page "tax form": labelled fields filled in, and a paragraph of instructions under them. */
export async function filledForm({ appearances }: FormOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle("Example tax form");
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText("Individual Income Tax Return 2025", { x: 50, y: 780, size: 18, font: bold });
  const form = doc.getForm();
  const text = (name: string, caption: string, value: string, y: number, width = 250): void => {
    label(page, font, caption, y);
    const field = form.createTextField(name);
    field.setText(value);
    field.addToPage(page, { x: 200, y, width, height: 20, font });
  };
  text("name", "Taxpayer name", "Jane Quincy Example", 730);
  label(page, font, "Identification number", 700);
  // a comb field: one character to each of its nine cells
  const id = form.createTextField("ssn");
  id.setMaxLength(9);
  id.enableCombing();
  id.setText("123456789");
  id.addToPage(page, { x: 200, y: 700, width: 180, height: 20, font });
  text("street", "Street address", "42 Harbour Lane", 670);
  text("city", "City and postcode", "Springfield 12345", 640);
  text("income", "Wages and salaries", "58,250.00", 610, 120);
  text("interest", "Taxable interest", "312.40", 580, 120);
  label(page, font, "Married", 550);
  const married = form.createCheckBox("married");
  married.addToPage(page, { x: 200, y: 550, width: 14, height: 14 });
  married.check();
  label(page, font, "Claimed as a dependant", 525);
  const dependant = form.createCheckBox("dependant");
  dependant.addToPage(page, { x: 200, y: 525, width: 14, height: 14 });
  label(page, font, "State", 495);
  const state = form.createDropdown("state");
  state.addOptions(["Alaska", "Ohio", "Texas"]);
  state.select("Ohio");
  state.addToPage(page, { x: 200, y: 490, width: 120, height: 20, font });
  label(page, font, "Filing status", 460);
  const filing = form.createRadioGroup("filing");
  filing.addOptionToPage("single", page, { x: 200, y: 460, width: 14, height: 14 });
  filing.addOptionToPage("joint", page, { x: 260, y: 460, width: 14, height: 14 });
  filing.select("joint");
  label(page, font, "Remarks", 400);
  const remarks = form.createTextField("remarks");
  remarks.enableMultiline();
  remarks.setText("Moved house in March; the new address applies from April onwards.");
  remarks.addToPage(page, { x: 200, y: 380, width: 300, height: 40, font });
  const instructions = [
    "Sign and date the return after checking every amount.",
    "Keep a copy of this return and every statement for your records.",
    "Send the signed return to the office named on the back of this page.",
  ];
  instructions.forEach((line, i) => page.drawText(line, { x: 50, y: 330 - i * 16, size: 10, font }));
  if (!appearances) {
    for (const field of form.getFields()) {
      for (const widget of field.acroField.getWidgets()) widget.dict.delete(PDFName.of("AP"));
    }
    form.acroForm.dict.set(PDFName.of("NeedAppearances"), PDFBool.True);
    return doc.save({ updateFieldAppearances: false });
  }
  return doc.save();
}

/** A page of text with comments: a free-text box drawn by its own appearance, one without (the viewer draws it), and a sticky note. */
export async function annotatedPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = ["Meeting minutes of the planning committee", "The committee approved the budget for the new library wing.", "Construction starts in the spring and ends before winter."];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: i === 0 ? 14 : 11, font }));
  const context = doc.context;
  const fontRef = context.register(context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica", Encoding: "WinAnsiEncoding" }));
  const appearance = context.stream("BT /Helv 11 Tf 4 8 Td (Approved by the treasurer) Tj ET", {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, 200, 24],
    Resources: { Font: { Helv: fontRef } },
  });
  const drawn = context.obj({
    Type: "Annot",
    Subtype: "FreeText",
    Rect: [50, 650, 250, 674],
    Contents: PDFString.of("Approved by the treasurer"),
    DA: PDFString.of("/Helv 11 Tf 0 g"),
    AP: { N: context.register(appearance) },
  });
  const undrawn = context.obj({ Type: "Annot", Subtype: "FreeText", Rect: [300, 650, 540, 674], Contents: PDFString.of("Check the contractor quotes"), DA: PDFString.of("/Helv 11 Tf 0 g") });
  const note = context.obj({ Type: "Annot", Subtype: "Text", Rect: [520, 760, 540, 780], Contents: PDFString.of("A private note in a popup"), Open: false });
  page.node.set(PDFName.of("Annots"), context.obj([context.register(drawn), context.register(undrawn), context.register(note)]));
  return doc.save();
}
