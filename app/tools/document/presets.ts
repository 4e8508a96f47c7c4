// The PDF converter's options as link parameters (`/tool/pdf-converter?target=jpg&dpi=300`) and its
// built-in presets. The page range and a password belong to one file and never go in a link.
import { DOCUMENT_TARGETS, DPI, JPEG_QUALITY } from "#codecs/document/document-options.ts";
import { oneOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";

/** The JPEG qualities the page offers. */
export const JPEG_QUALITIES = [JPEG_QUALITY.min, 70, 80, JPEG_QUALITY.default, 95, JPEG_QUALITY.max] as const;

export const DOCUMENT_OPTIONS = {
  target: oneOf(DOCUMENT_TARGETS, "pdf"),
  dpi: oneOf<number>(DPI.offered, DPI.default),
  jpegQuality: oneOf<number>(JPEG_QUALITIES, JPEG_QUALITY.default),
};

export const DOCUMENT_PRESETS: readonly BuiltInPreset<typeof DOCUMENT_OPTIONS>[] = [
  { name: "Page images for the web (PNG, 96 DPI)", options: { target: "png", dpi: 96 } },
  { name: "Print-quality JPG (300 DPI, quality 95)", options: { target: "jpg", dpi: 300, jpegQuality: 95 } },
  { name: "Small JPG previews (72 DPI, quality 70)", options: { target: "jpg", dpi: 72, jpegQuality: 70 } },
  { name: "Editable Word document (DOCX)", options: { target: "docx" } },
  { name: "Plain text (TXT)", options: { target: "txt" } },
];
