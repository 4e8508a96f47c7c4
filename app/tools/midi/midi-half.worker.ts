// The second renderer of a shared song (issue 14), started by the MIDI worker (./partner-render.ts)
// on a machine with two cores or more: it plays the channels it is given and streams its render
// back, chunk by chunk, for the MIDI worker to add to its own. Ends when the song does.
import { CHUNK_FRAMES } from "#codecs/midi/render-midi.ts";
import { createMidiSynth } from "#codecs/midi/synthesize.ts";
import { ownSoundBank, shippedSoundBank } from "./sound-font.ts";
import type { HalfReply, HalfRequest } from "./partner-render.ts";

/** The parts of a dedicated worker's global scope used here (not in the DOM typings this project compiles with). */
interface HalfScope {
  postMessage(message: HalfReply, transfer: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent<HalfRequest>) => void, options: { once: boolean }): void;
}
const scope = self as unknown as HalfScope;

const reply = (message: HalfReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.addEventListener(
  "message",
  (event) => {
    const { midi, soundFont, settings } = event.data;
    (async () => {
      const bank = await (soundFont === null ? shippedSoundBank() : ownSoundBank(soundFont));
      const synth = await createMidiSynth(midi, bank, settings);
      for (;;) {
        const left = new Float32Array(CHUNK_FRAMES);
        const right = new Float32Array(CHUNK_FRAMES);
        const frames = synth.render(left, right);
        if (frames === 0) return;
        reply({ type: "chunk", left, right, frames }, [left.buffer, right.buffer]);
      }
    })().catch((error: unknown) => reply({ type: "error", message: error instanceof Error ? error.message : String(error) }));
  },
  { once: true },
);
