// Moves the ffmpeg core's output out of its in-memory file system (issue 13), in slices so a big
// output never needs a second whole copy in the worker: into a Blob, the visitor's picked file, or
// a file in the origin-private file system.
import type { EmscriptenFs } from "@ffmpeg/core";
import type { OutputSink } from "#codecs/media/media-types.ts";

const CHUNK_BYTES = 8 * 1024 * 1024;

export async function writeOutput(fs: EmscriptenFs, path: string, sink: OutputSink, type: string): Promise<Blob> {
  if (sink.kind === "memory") {
    return new Blob([...chunks(fs, path)], { type });
  }
  const handle = sink.kind === "handle" ? sink.handle : await (await navigator.storage.getDirectory()).getFileHandle(sink.name, { create: true });
  const writable = await handle.createWritable();
  try {
    // one slice in memory at a time
    for (const chunk of chunks(fs, path)) await writable.write(chunk);
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => {});
    throw error;
  }
  return handle.getFile();
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
