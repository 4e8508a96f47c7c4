// Embedded-font obfuscation (not DRM): the IDPF algorithm XORs a font's first 1040 bytes with the
// SHA-1 of the book's unique identifier; Adobe's XORs the first 1024 bytes with the 16 bytes of the
// identifier's UUID. Undoing it gives back the plain font, so converted books keep their fonts.
// SHA-1 is our own synchronous one (codecs/common/sha1.ts): WebCrypto's digest is asynchronous and the reader is not.

import { sha1 } from "../common/sha1.ts";

export const IDPF_OBFUSCATION = "http://www.idpf.org/2008/embedding";
export const ADOBE_OBFUSCATION = "http://ns.adobe.com/pdf/enc#RC";

const IDPF_LENGTH = 1040;
const ADOBE_LENGTH = 1024;

function xorHead(font: Uint8Array, key: Uint8Array, count: number): Uint8Array {
  const out = font.slice();
  for (let i = 0; i < Math.min(count, out.length); i++) out[i]! ^= key[i % key.length]!;
  return out;
}

/** The plain font, or undefined when the key cannot be made (Adobe's needs a UUID identifier). */
export function deobfuscateFont(font: Uint8Array, algorithm: string, identifier: string): Uint8Array | undefined {
  if (algorithm === IDPF_OBFUSCATION) {
    const key = sha1(new TextEncoder().encode(identifier.replace(/[ \t\r\n]/g, "")));
    return xorHead(font, key, IDPF_LENGTH);
  }
  if (algorithm === ADOBE_OBFUSCATION) {
    const hex = identifier.replace(/^urn:uuid:/i, "").replace(/-/g, "");
    if (!/^[0-9a-f]{32}$/i.test(hex)) return undefined;
    const key = new Uint8Array(16);
    for (let i = 0; i < 16; i++) key[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return xorHead(font, key, ADOBE_LENGTH);
  }
  return undefined;
}
