// docProps/core.xml written by us rather than by docx, which has no place for dc:language and names
// an unknown last editor "Un-named".
import { xmlSafe } from "./docx-runs.ts";

export interface CoreFields {
  title?: string;
  author?: string;
  /** BCP 47, already checked */
  language?: string;
}

function escape(text: string): string {
  return xmlSafe(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function element(name: string, value: string | undefined): string {
  return value === undefined || value.trim() === "" ? "" : `<${name}>${escape(value.trim())}</${name}>`;
}

export function coreProperties(fields: CoreFields, now: Date = new Date()): string {
  const stamp = `${now.toISOString().slice(0, 19)}Z`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    element("dc:title", fields.title) +
    element("dc:creator", fields.author) +
    element("dc:language", fields.language) +
    "<cp:revision>1</cp:revision>" +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
    "</cp:coreProperties>"
  );
}
