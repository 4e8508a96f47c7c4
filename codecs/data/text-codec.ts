// Bytes to text and back. Input: UTF-8 with or without BOM, UTF-16 LE/BE with BOM. Output: UTF-8,
// built in chunks (a list of encoded blocks joined once), never one giant concatenated string.
import { DocumentError } from "../document/document-error.ts";
import { throwIfAborted } from "./data-error.ts";

/** bytes decoded per step: progress and Cancel are checked between steps */
const DECODE_STEP = 4 << 20;

export interface Decoded {
  text: string;
  encoding: "utf-8" | "utf-16le" | "utf-16be";
}

function encodingOf(bytes: Uint8Array): { encoding: Decoded["encoding"]; skip: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8", skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", skip: 2 };
  return { encoding: "utf-8", skip: 0 };
}

/** The text of the file; `onBytes(done)` after each step. Invalid UTF-8 is refused with its byte offset. */
export function decodeText(bytes: Uint8Array, onBytes?: (done: number) => void, signal?: AbortSignal): Decoded {
  const { encoding, skip } = encodingOf(bytes);
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  const parts: string[] = [];
  let at = skip;
  try {
    while (at < bytes.length) {
      throwIfAborted(signal);
      const end = Math.min(bytes.length, at + DECODE_STEP);
      parts.push(decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length }));
      at = end;
      onBytes?.(at);
    }
    parts.push(decoder.decode());
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new DocumentError(`The file is not valid ${encoding.toUpperCase()} text (bad bytes after byte ${at}). Save it as UTF-8 and try again.`, "damaged");
  }
  return { text: parts.join(""), encoding };
}

/** size of the text blocks that are encoded to UTF-8 as the output grows */
const FLUSH_CHARS = 1 << 20;

/** Collects output text in pieces and encodes it to UTF-8 in blocks of about 1 M characters. */
export class TextSink {
  private pending: string[] = [];
  private pendingChars = 0;
  private blocks: Uint8Array[] = [];
  private encoder = new TextEncoder();
  /** UTF-8 bytes so far (encoded blocks only) */
  bytes = 0;

  write(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const block = this.encoder.encode(this.pending.join(""));
    this.blocks.push(block);
    this.bytes += block.length;
    this.pending = [];
    this.pendingChars = 0;
  }

  /** The whole output as one array. */
  finish(): Uint8Array {
    this.flush();
    if (this.blocks.length === 1) return this.blocks[0]!;
    const out = new Uint8Array(this.bytes);
    let at = 0;
    for (const block of this.blocks) {
      out.set(block, at);
      at += block.length;
    }
    return out;
  }
}
