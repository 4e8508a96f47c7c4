// FNV-1a, 32 bits: the real (if deliberately slow, when repeated) work of the file-tool frame's test
// job. Pure, so the worker and the unit test share it.
import { CodecFailure } from "#codecs/common/codec-failure.ts";

export const FNV1A32_OFFSET = 0x811c9dc5;
const FNV1A32_PRIME = 0x01000193;

/** Continues an FNV-1a 32-bit hash over more bytes; start from FNV1A32_OFFSET. */
export function fnv1a32Update(hash: number, bytes: Uint8Array): number {
  let h = hash >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    h = Math.imul(h ^ (bytes[i] as number), FNV1A32_PRIME) >>> 0;
  }
  return h;
}

export function toHex32(hash: number): string {
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The text the test job returns: "fnv1a32=<8 hex digits> bytes=<size>". */
export function checksumText(hash: number, bytes: number): string {
  return `fnv1a32=${toHex32(hash)} bytes=${bytes}`;
}

export interface SlowChecksumRequest {
  file: Blob;
  /** how many times the hash runs over all the bytes (the state carries over); 1 is plain FNV-1a */
  rounds: number;
  chunkSize?: number;
  /** test switch: throw a ChecksumError once this fraction of the work is done */
  failAt?: number;
}

export interface SlowChecksumResult {
  text: string;
  blob: Blob;
}

export const MAX_ROUNDS = 100_000;

/** The job's typed error: its message is meant for the visitor (codecs/common/codec-failure.ts). */
export class ChecksumError extends CodecFailure<"test-failure"> {
  override readonly name = "ChecksumError";
}
