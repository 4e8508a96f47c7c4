import { acceptRule, type FileAccept } from "../shared/file-accept";
import type { ToolMeta } from "../types";

// The document tools: copy (content.ts) and accept rules only until the document family's converters land.

export const DOCUMENT_ACCEPT = acceptRule(["pdf", "doc", "docx", "txt", "jpg", "jpeg", "png"], {
  invalidDescription: "Please select a valid document or image file",
  noFileDescription: "Please select a document or image file to convert",
});

const documentTool = (slug: string, accept: FileAccept): ToolMeta => ({ slug, aliases: [], category: "Document", kind: "file", accept });

export const documentTools: ToolMeta[] = [documentTool("pdf-converter", DOCUMENT_ACCEPT)];
