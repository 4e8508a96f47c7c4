// Byte helpers shared by the codec tests.

/** The parts joined in a plain Uint8Array (a Buffer's slice() would share its memory). */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Marsaglia's xorshift32: repeatable noise for block data, one generator carried across calls. */
export class Xorshift32 {
  private state: number;

  constructor(seed: number) {
    this.state = seed;
  }

  /** `length` bytes: the low byte of each next state. */
  bytes(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    let s = this.state;
    for (let i = 0; i < bytes.length; i++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      bytes[i] = s & 255;
    }
    this.state = s;
    return bytes;
  }
}
