// The MIDI worker's side of a shared render (issue 14): starts ./midi-half.worker.ts, a worker of
// its own, on the other half of the channels, and hands its chunks to renderMidi in order. A worker
// started by a worker ends with it, so a cancelled conversion stops both.
import type { PartnerChunks, PcmChunk } from "#codecs/midi/render-midi.ts";
import type { SynthSettings } from "#codecs/midi/synthesize.ts";

export interface HalfRequest {
  midi: Uint8Array;
  /** the visitor's SoundFont, or null for the shipped one */
  soundFont: File | null;
  settings: SynthSettings;
}

export type HalfReply = ({ type: "chunk" } & PcmChunk) | { type: "error"; message: string };

export interface Partner extends PartnerChunks {
  stop(): void;
}

export function startPartner(request: HalfRequest): Partner {
  const worker = new Worker(new URL("./midi-half.worker.ts", import.meta.url), { type: "module", name: "midi-half" });
  const chunks: PcmChunk[] = [];
  let waiting: PromiseWithResolvers<PcmChunk> | null = null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = null;
  };
  worker.addEventListener("message", (event: MessageEvent<HalfReply>) => {
    const reply = event.data;
    if (reply.type === "error") return fail(new Error(`The second renderer failed: ${reply.message}`));
    if (waiting !== null) {
      waiting.resolve(reply);
      waiting = null;
    } else {
      chunks.push(reply);
    }
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail(new Error(`The second renderer stopped: ${event.message}`));
  });
  // the MIDI bytes are copied (the MIDI worker keeps its own); a File is passed by reference
  worker.postMessage(request, []);
  return {
    next() {
      const ready = chunks.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      if (failure !== null) return Promise.reject(failure);
      waiting = Promise.withResolvers<PcmChunk>();
      return waiting.promise;
    },
    stop: () => worker.terminate(),
  };
}
