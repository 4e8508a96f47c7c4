// A PDF whose encryption protects only its attachments (issue 25): its /Encrypt dictionary names an
// /EFF crypt filter for embedded files and leaves strings and streams in the clear (/StmF and /StrF
// /Identity, or not given, which means the same). Poppler opens such a file without a password;
// pdf.js checks the password before reading anything and asks for one. As we never read
// attachments, the trailer's /Encrypt entry is renamed away in a copy: pdf.js then reads the
// clear-text pages as they are. Any other encryption is left for pdf.js to check.

/** The encryption dictionary is small: look this far around its /EFF entry. */
const DICT_REACH = 4096;

const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0));
const EFF = ascii("/EFF");
const ENCRYPT = ascii("/Encrypt");
const NO_CRYPT = ascii("/NoCrypt");

function find(bytes: Uint8Array, needle: readonly number[], from: number, to = bytes.length): number {
  const first = needle[0]!;
  for (let i = bytes.indexOf(first, from); i >= 0 && i + needle.length <= to; i = bytes.indexOf(first, i + 1)) {
    let n = 1;
    while (n < needle.length && bytes[i + n] === needle[n]) n++;
    if (n === needle.length) return i;
  }
  return -1;
}

/** A PDF name ends at white space or a delimiter. */
const endsName = (byte: number | undefined): boolean => byte === undefined || /[\s()<>[\]{}/%]/.test(String.fromCharCode(byte));

const latin1 = (bytes: Uint8Array): string => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

/** The crypt filter a /StmF or /StrF entry names ("Identity" when there is none: the default). */
const filterOf = (dict: string, key: string): string => new RegExp(`/${key}\\s*/([^\\s/<>\\[\\]()]+)`).exec(dict)?.[1] ?? "Identity";

/** Whether the encryption dictionary holding `/EFF` at `at` leaves everything but attachments in the clear. */
function onlyAttachmentsEncrypted(bytes: Uint8Array, at: number): boolean {
  const start = Math.max(0, at - DICT_REACH);
  const text = latin1(bytes.subarray(start, Math.min(bytes.length, at + DICT_REACH)));
  const here = at - start;
  const open = text.lastIndexOf(" obj", here);
  const close = text.indexOf("endobj", here);
  if (open < 0 || close < 0) return false;
  const dict = text.slice(open, close);
  if (!/\/Filter\s*\/Standard/.test(dict) || !/\/V\s+[45]\b/.test(dict)) return false;
  return filterOf(dict, "StmF") === "Identity" && filterOf(dict, "StrF") === "Identity";
}

/**
 * `bytes`, or, for a PDF that encrypts only its attachments, a copy with its trailers' /Encrypt
 * entries renamed (same length, so no offset moves) so that it opens without a password.
 */
export function withoutAttachmentOnlyEncryption(bytes: Uint8Array): Uint8Array {
  let at = find(bytes, EFF, 0);
  while (at >= 0 && !endsName(bytes[at + EFF.length])) at = find(bytes, EFF, at + 1);
  if (at < 0 || !onlyAttachmentsEncrypted(bytes, at)) return bytes;
  const copy = bytes.slice();
  for (let i = find(copy, ENCRYPT, 0); i >= 0; i = find(copy, ENCRYPT, i + ENCRYPT.length)) {
    // not /EncryptMetadata: the name must end here
    if (endsName(copy[i + ENCRYPT.length])) copy.set(NO_CRYPT, i);
  }
  return copy;
}
