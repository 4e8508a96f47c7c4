// The format of a file by its first bytes, for files whose name says nothing a tool reads (a shared
// "image" without an extension, a "texture.bin"). Only signatures that cannot be mistaken are here;
// anything else is left to the name.

/** How many first bytes sniffExtension looks at. */
export const SNIFF_BYTES = 64;

const ascii = (head: Uint8Array, at: number, text: string) => [...text].every((char, i) => head[at + i] === char.charCodeAt(0));
const bytes = (head: Uint8Array, at: number, values: readonly number[]) => values.every((value, i) => head[at + i] === value);

/** The extension (as the tools' accept rules spell it) that the first bytes prove, or null. */
export function sniffExtension(head: Uint8Array): string | null {
  if (ascii(head, 0, "DDS ") && head[4] === 124) return "dds";
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return "jpg";
  if (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a")) return "gif";
  if (ascii(head, 0, "II") && bytes(head, 2, [42, 0])) return "tif";
  if (ascii(head, 0, "MM") && bytes(head, 2, [0, 42])) return "tif";
  if (ascii(head, 0, "8BPS") && head[4] === 0 && (head[5] === 1 || head[5] === 2)) return head[5] === 1 ? "psd" : "psb";
  if (ascii(head, 0, "%PDF-")) return "pdf";
  if (ascii(head, 0, "MThd")) return "mid";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WAVE")) return "wav";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "AVI ")) return "avi";
  if (ascii(head, 0, "fLaC")) return "flac";
  if (ascii(head, 0, "OggS")) return "ogg";
  if (ascii(head, 0, "ID3")) return "mp3";
  if (ascii(head, 0, "FLV") && head[3] === 1) return "flv";
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return "mkv";
  if (ascii(head, 4, "ftyp")) return ftypExtension(String.fromCharCode(...head.subarray(8, 12)));
  // EPUB: a zip whose first entry is the stored "mimetype" file (the EPUB container rules)
  if (ascii(head, 0, "PK") && ascii(head, 30, "mimetypeapplication/epub+zip")) return "epub";
  if (ascii(head, 60, "BOOKMOBI")) return "mobi";
  return null;
}

const MP4_BRANDS = new Set(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "M4V ", "MSNV", "f4v "]);

/** An ISO media file's major brand: AVIF, M4A audio, QuickTime, 3GP, MP4; others (HEIC...) are no format of ours. */
function ftypExtension(brand: string): string | null {
  if (brand === "avif" || brand === "avis") return "avif";
  if (brand === "M4A " || brand === "M4B ") return "m4a";
  if (brand === "qt  ") return "mov";
  if (brand.startsWith("3g")) return "3gp";
  return MP4_BRANDS.has(brand) ? "mp4" : null;
}
