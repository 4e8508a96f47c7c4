// Where a conversion's bytes go (OutputSink), for both engines: memory, a file in the origin-private file system, or
// the file the visitor picked. Each sink is a WritableStream of mediabunny's positioned chunks, so
// the output exists once: in the Blob's parts or on disk.
import type { StreamTargetChunk } from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import type { OutputSink } from "#codecs/media/media-types.ts";
import { PositionedChunks } from "#codecs/media/positioned-chunks.ts";
import { clearStaleOpfsOutputs, INCOMPLETE_SUFFIX } from "./opfs-outputs.ts";

export interface OpenSink {
  writable: WritableStream<StreamTargetChunk>;
  /** after a successful conversion (the stream is closed): the output */
  finish(mimeType: string): Promise<Blob>;
  /** after a failure: drop what was written (mediabunny may already have closed the stream) */
  discard(): Promise<void>;
}

/** The worker-only sync access handle of an OPFS file (not in the DOM typings this project compiles with). */
interface SyncAccessHandle {
  write(data: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}
type SyncAccessFileHandle = FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncAccessHandle> };

export async function openSink(sink: OutputSink): Promise<OpenSink> {
  if (sink.kind === "memory") return memorySink();
  if (sink.kind === "opfs") return opfsSink(sink.name);
  return handleSink(sink.handle);
}

function memorySink(): OpenSink {
  let chunks: PositionedChunks | null = new PositionedChunks();
  const writable = new WritableStream<StreamTargetChunk>({
    write(chunk) {
      chunks?.write(chunk.data, chunk.position);
    },
  });
  return {
    writable,
    async finish(mimeType) {
      if (chunks === null) throw new Error("The memory sink was discarded.");
      return chunks.toBlob(mimeType);
    },
    async discard() {
      chunks = null;
    },
  };
}

/** OPFS name rules: one plain file name, not one of our markers. */
export function checkOpfsName(name: string): void {
  if (name === "" || name === "." || name === ".." || /[/\\]/.test(name) || name.endsWith(INCOMPLETE_SUFFIX)) {
    throw new MediaError(`"${name}" cannot be the name of an output file.`, "bad-option");
  }
}

async function opfsSink(name: string): Promise<OpenSink> {
  checkOpfsName(name);
  const root = await navigator.storage.getDirectory();
  // a conversion cut short by a terminated worker left its file and marker behind
  await clearStaleOpfsOutputs(root);
  // the marker first: if the worker dies from here on, the next run removes the file
  await root.getFileHandle(name + INCOMPLETE_SUFFIX, { create: true });
  const handle = (await root.getFileHandle(name, { create: true })) as SyncAccessFileHandle;
  // a sync access handle writes in place at any position (workers only), with no swap file
  const access = await handle.createSyncAccessHandle();
  access.truncate(0);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    access.flush();
    access.close();
  };
  const writable = new WritableStream<StreamTargetChunk>({
    write(chunk) {
      let done = 0;
      while (done < chunk.data.byteLength) {
        const written = access.write(chunk.data.subarray(done), { at: chunk.position + done });
        if (written <= 0) throw new MediaError("Writing the output file failed: the disk may be full.", "out-of-memory");
        done += written;
      }
    },
    close,
    abort: close,
  });
  return {
    writable,
    async finish() {
      close();
      await root.removeEntry(name + INCOMPLETE_SUFFIX);
      return handle.getFile();
    },
    async discard() {
      close();
      await root.removeEntry(name).catch(() => undefined);
      await root.removeEntry(name + INCOMPLETE_SUFFIX).catch(() => undefined);
    },
  };
}

async function handleSink(handle: FileSystemFileHandle): Promise<OpenSink> {
  const stream = await handle.createWritable({ keepExistingData: false });
  let state: "open" | "closed" | "aborted" = "open";
  const writable = new WritableStream<StreamTargetChunk>({
    async write(chunk) {
      await stream.write({ type: "write", data: chunk.data, position: chunk.position });
    },
    async close() {
      state = "closed";
      await stream.close();
    },
    async abort(reason) {
      state = "aborted";
      await stream.abort(reason);
    },
  });
  return {
    writable,
    async finish() {
      return handle.getFile();
    },
    async discard() {
      if (state === "open") {
        state = "aborted";
        await stream.abort().catch(() => undefined);
      } else if (state === "closed") {
        // mediabunny closes (commits) the stream when it cancels: leave an empty file, not a broken one
        const empty = await handle.createWritable({ keepExistingData: false });
        await empty.close();
      }
    },
  };
}
