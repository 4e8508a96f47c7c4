// The page side of the MIDI worker: one lazily started client, kept for five minutes after the last
// call so the parsed SoundFont (15 MB) is not fetched and read again for the next file.
import { createWorkerClient, type WorkerClient } from "../shared/worker-bridge";
import type { api } from "./midi.worker";

let client: WorkerClient<typeof api> | undefined;

const MIDI_IDLE_MS = 5 * 60_000;

export function midiEngine(): WorkerClient<typeof api> {
  client ??= createWorkerClient<typeof api>(() => new Worker(new URL("./midi.worker.ts", import.meta.url), { type: "module", name: "midi" }), { idleMs: MIDI_IDLE_MS });
  return client;
}
