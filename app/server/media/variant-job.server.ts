// The messages between the server and its variant worker (./variant-worker.server.ts), and the
// worker's side of one job. Bytes travel in transfer lists both ways: moved, never copied.
import { threadId } from "node:worker_threads";
import type { ImageKind } from "./image-size.server.ts";
import { makeVariants, type EncodedVariant } from "./variants.server.ts";

export interface VariantJob {
  id: number;
  bytes: Uint8Array;
  kind: ImageKind;
}

export type VariantReply =
  | { id: number; ok: true; variants: EncodedVariant[]; threadId: number }
  | { id: number; ok: false; message: string; threadId: number };

/** Runs one job; a codec error becomes a failed reply (the worker stays usable). */
export async function runVariantJob(job: VariantJob): Promise<{ reply: VariantReply; transfer: ArrayBuffer[] }> {
  try {
    const variants = await makeVariants(job.bytes, job.kind);
    const transfer = variants.map((v) => v.data.buffer).filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
    return { reply: { id: job.id, ok: true, variants, threadId }, transfer: [...new Set(transfer)] };
  } catch (error) {
    return { reply: { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error), threadId }, transfer: [] };
  }
}
