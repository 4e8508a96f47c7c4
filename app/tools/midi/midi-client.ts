// The page side of the MIDI worker (./midi.worker.ts); the worker starts on the first call and is
// kept for five minutes after the last one so the parsed SoundFont (15 MB) is not fetched and read
// again for the next file.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./midi.worker.ts";

const MIDI_IDLE_MS = 5 * 60_000;

export const midiClient = createWorkerClient<typeof api>(() => new Worker(new URL("./midi.worker.ts", import.meta.url), { type: "module", name: "midi" }), {
  idleMs: MIDI_IDLE_MS,
});
