// Moves the ffmpeg core's output out of its in-memory file system (issue 13), in slices so a big
// output never needs a second whole copy in the worker, into the same sinks the mediabunny engine
// writes to (./sinks/open-sink.ts): a Blob, the visitor's picked file, or a file in the
// origin-private file system (with its half-written marker, so a cancelled job leaves nothing).
import type { EmscriptenFs } from "@ffmpeg/core";
import type { OutputSink } from "#codecs/media/media-types.ts";
import { openSink } from "./sinks/open-sink.ts";

const CHUNK_BYTES = 8 * 1024 * 1024;

export function writeOutput(fs: EmscriptenFs, path: string, sink: OutputSink, type: string): Promise<Blob> {
  // one slice in memory at a time
  return writeSlices(chunks(fs, path), sink, type);
}

/** Bytes the worker already holds (the joined Vorbis stretches) into the sink. */
export function writeBytesOutput(bytes: Uint8Array<ArrayBuffer>, sink: OutputSink, type: string): Promise<Blob> {
  return writeSlices([bytes], sink, type);
}

async function writeSlices(slices: Iterable<Uint8Array<ArrayBuffer>>, sink: OutputSink, type: string): Promise<Blob> {
  const opened = await openSink(sink);
  const writer = opened.writable.getWriter();
  try {
    let position = 0;
    for (const data of slices) {
      await writer.write({ type: "write", data, position });
      position += data.byteLength;
    }
    await writer.close();
  } catch (error) {
    await opened.discard();
    throw error;
  }
  return opened.finish(type);
}

function* chunks(fs: EmscriptenFs, path: string): Generator<Uint8Array<ArrayBuffer>> {
  const size = fs.stat(path).size;
  const stream = fs.open(path, "r");
  try {
    for (let position = 0; position < size; ) {
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, size - position));
      const read = fs.read(stream, chunk, 0, chunk.length, position);
      if (read <= 0) break;
      yield read === chunk.length ? chunk : chunk.slice(0, read);
      position += read;
    }
  } finally {
    fs.close(stream);
  }
}
