// The data converter's worker (issue 15): reads the chosen file and runs codecs/data on it, off the
// page's thread. Cancel = the bridge terminates the worker.
import { convertData, PREVIEW_CSV_BYTES, previewData } from "#codecs/data/convert-data.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { MIME_TYPES, type DataConvertRequest, type DataConvertResult, type DataProbeRequest, type DataProbeResult } from "./xml-converter-job.ts";

/** the share of the progress bar for reading the file into memory */
const READ_SHARE = 0.1;

/** The file's bytes, reporting the bytes read so far. */
async function readFile(file: File, progress: (fraction: number) => void): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let done = 0;
  for (;;) {
    const step = await reader.read();
    if (step.done) break;
    bytes.set(step.value, done);
    done += step.value.length;
    progress(file.size === 0 ? 1 : done / file.size);
  }
  return done === bytes.length ? bytes : bytes.subarray(0, done);
}

async function probe({ file, from, options }: DataProbeRequest): Promise<DataProbeResult> {
  // a CSV's preview needs its first megabyte only (one byte more tells previewData there is more)
  const part = from === "csv" ? file.slice(0, PREVIEW_CSV_BYTES + 1) : file;
  return previewData(new Uint8Array(await part.arrayBuffer()), from, options);
}

async function convert({ file, from, to, options }: DataConvertRequest, { progress }: WorkerContext): Promise<DataConvertResult> {
  const input = await readFile(file, (fraction) => progress(READ_SHARE * fraction));
  const result = await convertData(input, from, to, options, { onProgress: (fraction) => progress(READ_SHARE + (1 - READ_SHARE) * fraction) });
  const output = new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: `${MIME_TYPES[to]};charset=utf-8` });
  return { output, preview: result.preview, facts: result.facts };
}

export const api = defineWorker({ probe, convert });
