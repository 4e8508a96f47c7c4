import zlib from "node:zlib";
import { newNonce } from "#app/server/http/security-headers.server.ts";

/**
 * What cacheable pages are rendered with instead of a nonce: random per process, so no page text
 * can contain it by chance or design, and never sent (every reply substitutes a fresh nonce).
 */
export const NONCE_PLACEHOLDER = newNonce();

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

function offsetsOf(haystack: Buffer, needle: Buffer): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/**
 * A page body with holes where the placeholder was, answered with a fresh nonce each time without
 * compressing again: the gzip copy is built once from separately compressed stretches between the
 * holes, each hole an uncompressed ("stored") deflate block the nonce is written into; per reply
 * only the CRC-32 is computed anew.
 */
export class NonceTemplate {
  private readonly identity: Buffer;
  private readonly identityHoles: number[];
  private readonly gzip: Buffer;
  private readonly gzipHoles: number[];

  constructor(body: Buffer, private readonly placeholder: string = NONCE_PLACEHOLDER) {
    const needle = Buffer.from(placeholder);
    this.identity = body;
    this.identityHoles = offsetsOf(body, needle);
    const parts: Buffer[] = [GZIP_HEADER];
    const gzipHoles: number[] = [];
    let length = GZIP_HEADER.length;
    let from = 0;
    for (const hole of [...this.identityHoles, body.length]) {
      const last = hole === body.length;
      // a sync flush ends each stretch on a byte boundary, so the stored block can follow it
      const stretch = zlib.deflateRawSync(body.subarray(from, hole), {
        level: 6,
        finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      });
      parts.push(stretch);
      length += stretch.length;
      if (last) break;
      const n = needle.length;
      const stored = Buffer.from([0x00, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]);
      parts.push(stored, needle);
      gzipHoles.push(length + stored.length);
      length += stored.length + n;
      from = hole + n;
    }
    parts.push(Buffer.alloc(8)); // CRC-32 and size, written per reply
    this.gzip = Buffer.concat(parts);
    this.gzipHoles = gzipHoles;
  }

  /** Whether the body holds the placeholder at all (pages without scripts need no template). */
  get hasHoles(): boolean {
    return this.identityHoles.length > 0;
  }

  identityWith(nonce: string): Buffer {
    this.checkNonce(nonce);
    const out = Buffer.from(this.identity);
    for (const at of this.identityHoles) out.write(nonce, at, "latin1");
    return out;
  }

  gzipWith(nonce: string): Buffer {
    this.checkNonce(nonce);
    const out = Buffer.from(this.gzip);
    for (const at of this.gzipHoles) out.write(nonce, at, "latin1");
    // CRC-32 of the body with this nonce, read in place (the stretches between holes, then the nonce)
    let crc = 0;
    let from = 0;
    for (const at of this.identityHoles) {
      crc = zlib.crc32(this.identity.subarray(from, at), crc);
      crc = zlib.crc32(nonce, crc);
      from = at + nonce.length;
    }
    crc = zlib.crc32(this.identity.subarray(from), crc);
    out.writeUInt32LE(crc >>> 0, out.length - 8);
    out.writeUInt32LE(this.identity.length % 2 ** 32, out.length - 4);
    return out;
  }

  private checkNonce(nonce: string) {
    if (nonce.length !== this.placeholder.length || !/^[\w-]+$/.test(nonce)) throw new Error("a nonce must be base64url of the placeholder's length");
  }
}

/** Header values with the placeholder replaced by the reply's nonce. */
export function headersWithNonce(headers: Record<string, string>, nonce: string, placeholder: string = NONCE_PLACEHOLDER): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = value.includes(placeholder) ? value.replaceAll(placeholder, nonce) : value;
  return out;
}
