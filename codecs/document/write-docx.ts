// DocModel → DOCX with the `docx` package (issue 15). Runs in Node and in a browser worker alike:
// docx zips with fflate, and Packer.pack(…, "uint8array") needs neither Node's Buffer (toBuffer)
// nor Blob (toBlob).
import { Document, Packer, Paragraph } from "docx";
import { documentStyles } from "./docx-styles.ts";
import { DEFAULT_PAGE, type DocModel } from "./model.ts";
import { docxBlocks, flushPageBreak, newDocxState, type DocxBlock } from "./docx-blocks.ts";
import { coreProperties } from "./docx-core.ts";
import { LIST_NUMBERING } from "./docx-numbering.ts";
import { xmlSafe } from "./docx-runs.ts";

export interface WriteDocxOptions {
  /** the share done, 0 to 1: the blocks as they are turned into Word's, then the zipping */
  onProgress?(fraction: number): void;
}

const PICTURE_SLACK_PT = 8;
/** Blocks converted between progress reports. */
const PROGRESS_STEP = 200;
/** The share of the work converting blocks stands for; zipping is the rest. */
const BLOCKS_SHARE = 0.6;

export async function writeDocx(model: DocModel, options: WriteDocxOptions = {}): Promise<Uint8Array> {
  const page = model.page ?? DEFAULT_PAGE;
  const [top, right, bottom, left] = page.marginsPt;
  // pictures keep a few points of the page's height free for their paragraph's spacing
  const room = { widthPt: Math.max(36, page.widthPt - left - right), heightPt: Math.max(36, page.heightPt - top - bottom - PICTURE_SLACK_PT) };
  const state = newDocxState();
  const children: DocxBlock[] = [];
  for (let start = 0; start < model.blocks.length; start += PROGRESS_STEP) {
    const slice = model.blocks.slice(start, start + PROGRESS_STEP);
    children.push(...docxBlocks(slice, { room, depth: 0, listLevel: -1, inCell: false, bold: false, state }));
    options.onProgress?.((BLOCKS_SHARE * Math.min(model.blocks.length, start + PROGRESS_STEP)) / model.blocks.length);
  }
  children.push(...flushPageBreak(state));
  // Word wants a body with at least one paragraph
  if (children.length === 0) children.push(new Paragraph({}));

  const language = model.language !== undefined && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(model.language) ? model.language : undefined;
  const document = new Document({
    title: model.title !== undefined ? xmlSafe(model.title) : undefined,
    creator: model.author !== undefined ? xmlSafe(model.author) : undefined,
    numbering: LIST_NUMBERING,
    styles: documentStyles(language),
    sections: [
      {
        properties: {
          page: {
            size: { width: twips(page.widthPt), height: twips(page.heightPt) },
            margin: { top: twips(top), right: twips(right), bottom: twips(bottom), left: twips(left) },
          },
        },
        children,
      },
    ],
  });
  const bytes = await Packer.pack(document, "uint8array", false, [
    { path: "docProps/core.xml", data: coreProperties({ title: model.title, author: model.author, language }) },
  ]);
  options.onProgress?.(1);
  return bytes;
}

/** Points to twentieths of a point, Word's unit for page sizes and margins. */
function twips(points: number): number {
  return Math.max(0, Math.round(points * 20));
}
