// The message padding SHA-1, SHA-256 and SHA-512 share (FIPS 180-4 §5.1): the message, 0x80, zeros,
// and its length in bits big-endian at the end of the last block. Done in a scratch buffer the caller
// keeps, when it fits: the password rounds of Office encryption hash short inputs 100 000 times.

export interface PaddingScratch {
  bytes: Uint8Array;
  view: DataView;
}

export function paddingScratch(size: number): PaddingScratch {
  const bytes = new Uint8Array(size);
  return { bytes, view: new DataView(bytes.buffer) };
}

/** The padded message's view and length; `blockBytes` 64 (SHA-1, SHA-256) or 128 (SHA-512: a 16-byte length field). */
export function padMessage(data: Uint8Array, blockBytes: 64 | 128, scratch: PaddingScratch): { view: DataView; length: number } {
  const length = (Math.floor((data.length + blockBytes / 8) / blockBytes) + 1) * blockBytes;
  const padded = length <= scratch.bytes.length ? scratch.bytes.fill(0, 0, length) : new Uint8Array(length);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = padded === scratch.bytes ? scratch.view : new DataView(padded.buffer);
  const bits = data.length * 8;
  view.setUint32(length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length - 4, bits >>> 0);
  return { view, length };
}
