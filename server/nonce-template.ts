import zlib from "node:zlib";
import { newNonce } from "#app/server/http/security-headers.server.ts";

/**
 * What cacheable pages are rendered with instead of a nonce: random per process, so no page text
 * can contain it by chance or design, and never sent (every reply substitutes a fresh nonce).
 */
export const NONCE_PLACEHOLDER = newNonce();

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

// CRC-32 of joined pieces from each piece's CRC (zlib's crc32_combine, in its x^n mod p form): a
// reply's CRC costs the nonces' bytes and a few multiplications instead of a pass over the page
// (that pass was about 4 % of the server's CPU time under the load benchmark, decision 063).
const CRC_POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial (bit-reflected, as the CRC register holds them). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multModP(p, p)) X2N.push(p);

/** The operator that moves a CRC past `bytes` more bytes: x^(8 * bytes) modulo the polynomial. */
function shiftOperator(bytes: number): number {
  let p = 0x80000000; // x^0
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multModP(X2N[k & 31]!, p);
  return p;
}

/** The CRC-32 of A then B, from crc(A), crc(B) and B's shift operator. */
const combineCrc = (crcA: number, crcB: number, shiftB: number) => (multModP(shiftB, crcA) ^ crcB) >>> 0;

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
  /** each stretch of the page between holes: its CRC-32 and its shift operator */
  private readonly stretches: { crc: number; shift: number }[];

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
    this.stretches = [...this.identityHoles, body.length].map((hole, i, holes) => {
      const stretch = body.subarray(i === 0 ? 0 : holes[i - 1]! + needle.length, hole);
      return { crc: zlib.crc32(stretch), shift: shiftOperator(stretch.length) };
    });
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
    const [first, ...rest] = this.stretches;
    let crc = first!.crc;
    for (const stretch of rest) crc = combineCrc(zlib.crc32(nonce, crc), stretch.crc, stretch.shift);
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
