// What a CLI input really is, from its first bytes (not its name); a text file's kind also from its
// name (text-kind.ts: bytes cannot tell CSV from TXT).
import { sniffDocument } from "#codecs/document/document-options.ts";
import { sniffEbook, type EbookKind } from "#codecs/ebook/ebook-options.ts";
import { sniffImage } from "#codecs/image/image-sniff.ts";
import { IMAGE_BRANDS, mediaKind, mediaKindByName, type MediaKind } from "./media-kind.ts";
import { textKind, type TextKind } from "./text-kind.ts";

export type InputKind = "avif" | "dds" | "png" | "jpeg" | "tiff" | "psb" | "midi" | "pdf" | "docx" | "doc" | EbookKind | TextKind | MediaKind;

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
/** The zip's tail is searched for the container's name: its central directory lists every entry. */
const EPUB_CENTRAL_DIRECTORY_BYTES = 1024 * 1024;

/**
 * An ebook the ebook converter reads. sniffEbook calls every zip an EPUB or a zipped FB2; here a
 * zip is a zipped FB2 by its name (".fb2.zip"), an EPUB only with EPUB's mimetype entry or
 * container, and anything else (a DOCX) is left to the other kinds.
 */
function ebookKind(bytes: Uint8Array, name: string): EbookKind | null {
  if (!startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return sniffEbook(bytes, name);
  if (/\.fb2\.zip$/i.test(name)) return "fb2";
  if (latin1(bytes.subarray(30, 128)).startsWith("mimetypeapplication/epub+zip")) return "epub";
  return latin1(bytes.subarray(Math.max(0, bytes.length - EPUB_CENTRAL_DIRECTORY_BYTES))).includes("META-INF/container.xml") ? "epub" : null;
}

export function inputKind(bytes: Uint8Array, name = ""): InputKind | null {
  if (startsWith(bytes, 0x44, 0x44, 0x53, 0x20)) return "dds";
  // ISO BMFF "ftyp" with an image brand: AVIF, and HEIC too, which the AVIF converter refuses by name
  if (latin1(bytes.subarray(4, 8)) === "ftyp" && IMAGE_BRANDS.has(latin1(bytes.subarray(8, 12)))) return "avif";
  const image = sniffImage(bytes);
  if (image) return image;
  // classic (42) and BigTIFF (43), either byte order
  if (startsWith(bytes, 0x49, 0x49) && (bytes[2] === 42 || bytes[2] === 43) && bytes[3] === 0) return "tiff";
  if (startsWith(bytes, 0x4d, 0x4d, 0) && (bytes[3] === 42 || bytes[3] === 43)) return "tiff";
  if (startsWith(bytes, 0x38, 0x42, 0x50, 0x53)) return "psb"; // "8BPS": PSB, and PSD too
  if (startsWith(bytes, 0x4d, 0x54, 0x68, 0x64)) return "midi"; // "MThd"
  // an RMID: "RIFF", a size, "RMID"
  if (startsWith(bytes, 0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x52 && bytes[9] === 0x4d && bytes[10] === 0x49 && bytes[11] === 0x44) return "midi";
  const media = mediaKind(bytes);
  if (media) return media;
  const ebook = ebookKind(bytes, name);
  if (ebook) return ebook;
  const document = sniffDocument(bytes);
  if (document === "pdf" || document === "docx" || document === "doc") return document;
  return textKind(bytes, name) ?? mediaKindByName(name);
}
