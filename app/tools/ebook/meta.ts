import { acceptRule, type FileAccept } from "../shared/file-accept";
import type { ToolMeta } from "../types";

// The ebook tools: copy (content.ts) and accept rules only until the ebook family's converters land.

export const EPUB_ACCEPT = acceptRule(["epub"], { invalidDescription: "Please select an EPUB file", noFileDescription: "Please select an EPUB file to convert" });

export const FB2_ACCEPT = acceptRule(["fb2"], { invalidDescription: "Please select an FB2 file", noFileDescription: "Please select an FB2 file to convert" });

const ebook = (slug: string, accept: FileAccept): ToolMeta => ({ slug, aliases: [], category: "Ebook", kind: "file", accept });

export const ebookTools: ToolMeta[] = [
  ebook("epub-converter", EPUB_ACCEPT),
  ebook("epub-to-azw3-converter", EPUB_ACCEPT),
  ebook("epub-to-mobi-converter", EPUB_ACCEPT),
  ebook("fb2-to-epub-converter", FB2_ACCEPT),
];
