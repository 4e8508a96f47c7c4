// The file-tool frame's test job (issue 5 harness at /__test/file-tool): reads the file in chunks
// and runs FNV-1a over all of its bytes `rounds` times, reporting progress per chunk. Slow on
// purpose, real all the same: the e2e recomputes the checksum and compares.
import { defineWorker, type WorkerContext } from "#app/tools/shared/worker-runtime.ts";
import { ChecksumError, checksumText, FNV1A32_OFFSET, fnv1a32Update, MAX_ROUNDS, type SlowChecksumRequest, type SlowChecksumResult } from "./checksum.ts";

const DEFAULT_CHUNK = 256 * 1024;

async function checksum({ file, rounds, chunkSize = DEFAULT_CHUNK, failAt }: SlowChecksumRequest, { progress }: WorkerContext): Promise<SlowChecksumResult> {
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) throw new RangeError(`rounds must be a whole number from 1 to ${MAX_ROUNDS}`);
  const total = file.size * rounds;
  let hash = FNV1A32_OFFSET;
  let done = 0;
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < file.size; offset += chunkSize) {
      const bytes = new Uint8Array(await file.slice(offset, offset + chunkSize).arrayBuffer());
      hash = fnv1a32Update(hash, bytes);
      done += bytes.length;
      progress(done / total);
      if (failAt !== undefined && done / total >= failAt) {
        throw new ChecksumError(`The checksum stopped on purpose at ${Math.round((done / total) * 100)}% (test failure).`, "test-failure");
      }
    }
  }
  const text = checksumText(hash, file.size);
  return { text, blob: new Blob([text], { type: "text/plain" }) };
}

export const api = defineWorker({ checksum });
