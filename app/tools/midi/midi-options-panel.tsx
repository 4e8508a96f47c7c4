// The MIDI page's options panel (the choices themselves and their checks are
// codecs/midi/midi-options.ts): the output format and its quality, how the song is rendered (sample
// rate, reverb, chorus, release tail, loudness) and which SoundFont plays it. Only what applies to
// the chosen format is shown.
import { useId } from "react";
import {
  MIDI_TARGETS,
  MP3_KBPS,
  VORBIS_QUALITIES,
  OPUS_KBPS,
  OPUS_SAMPLE_RATE,
  TAIL_SECONDS,
  TARGET_LABELS,
  type MidiChoice,
  type MidiSampleRate,
  type OggCodec,
  type Normalisation,
  type WavBitDepth,
} from "#codecs/midi/midi-options.ts";
import { ChoiceSelect, controlClass, hintClass, labelClass, type Choice } from "../image-common/controls.tsx";

const NORMALISATION_CHOICES: readonly Choice<Normalisation>[] = [
  { value: "peak", label: "Peak: loudest sample at −1 dBFS" },
  { value: "lufs", label: "Loudness: −14 LUFS (streaming level)" },
  { value: "off", label: "Off: the synthesizer's own level" },
];

export type SoundFontChoice = "shipped" | "own";

export interface MidiOptionsProps {
  choice: MidiChoice;
  onChoice: (choice: MidiChoice) => void;
  /** the tail as typed (validated on Convert) */
  tailText: string;
  onTailText: (text: string) => void;
  soundFont: SoundFontChoice;
  onSoundFont: (choice: SoundFontChoice) => void;
  onSoundFontFile: (file: File | null) => void;
  /** false when this browser cannot encode Opus */
  opusAvailable: boolean;
}

export function MidiOptions({ choice, onChoice, tailText, onTailText, soundFont, onSoundFont, onSoundFontFile, opusAvailable }: MidiOptionsProps) {
  const set = <K extends keyof MidiChoice>(key: K, value: MidiChoice[K]) => onChoice({ ...choice, [key]: value });
  const tailId = useId();
  const reverbId = useId();
  const chorusId = useId();
  const soundFontFileId = useId();
  const target = choice.target;

  return (
    <div className="space-y-5" data-testid="midi-options">
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceSelect label="Output format" value={target} choices={MIDI_TARGETS.map((t) => ({ value: t, label: TARGET_LABELS[t] }))} onChange={(v) => set("target", v)} />
        {target === "mp3" ? (
          <ChoiceSelect label="Bitrate" value={String(choice.mp3Kbps)} choices={MP3_KBPS.map((k) => ({ value: String(k), label: `${k} kbps` }))} onChange={(v) => set("mp3Kbps", Number(v))} />
        ) : null}
        {target === "ogg" ? (
          <ChoiceSelect
            label="OGG codec"
            value={choice.oggCodec}
            choices={[
              { value: "vorbis" as OggCodec, label: "Vorbis (plays everywhere)" },
              { value: "opus" as OggCodec, label: "Opus (smaller at the same quality)" },
            ]}
            onChange={(v) => set("oggCodec", v)}
            hint={choice.oggCodec === "opus" && !opusAvailable ? "This browser cannot encode Opus: choose Vorbis." : undefined}
          />
        ) : null}
        {target === "ogg" && choice.oggCodec === "vorbis" ? (
          <ChoiceSelect
            label="Quality"
            value={String(choice.vorbisQuality)}
            choices={VORBIS_QUALITIES.map(({ quality, kbps }) => ({ value: String(quality), label: `${quality} (about ${kbps} kbps)` }))}
            onChange={(v) => set("vorbisQuality", Number(v))}
          />
        ) : null}
        {target === "ogg" && choice.oggCodec === "opus" ? (
          <ChoiceSelect label="Bitrate" value={String(choice.opusKbps)} choices={OPUS_KBPS.map((k) => ({ value: String(k), label: `${k} kbps` }))} onChange={(v) => set("opusKbps", Number(v))} />
        ) : null}
        {target === "wav" ? (
          <ChoiceSelect
            label="WAV bit depth"
            value={String(choice.wavBits)}
            choices={[
              { value: "16", label: "16-bit" },
              { value: "24", label: "24-bit" },
            ]}
            onChange={(v) => set("wavBits", Number(v) as WavBitDepth)}
          />
        ) : null}
        {target === "ogg" && choice.oggCodec === "opus" ? (
          <div className="flex min-w-0 flex-col gap-1.5">
            <span className={labelClass}>Sample rate</span>
            <span className="text-sm">{OPUS_SAMPLE_RATE / 1000} kHz (Opus always uses it)</span>
          </div>
        ) : (
          <ChoiceSelect
            label="Sample rate"
            value={String(choice.sampleRate)}
            choices={[
              { value: "44100", label: "44.1 kHz" },
              { value: "48000", label: "48 kHz" },
            ]}
            onChange={(v) => set("sampleRate", Number(v) as MidiSampleRate)}
          />
        )}
        <ChoiceSelect label="Loudness normalisation" value={choice.normalisation} choices={NORMALISATION_CHOICES} onChange={(v) => set("normalisation", v)} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={tailId} className={labelClass}>
            Release tail (s)
          </label>
          <input
            id={tailId}
            type="number"
            inputMode="decimal"
            min={TAIL_SECONDS.min}
            max={TAIL_SECONDS.max}
            step="0.5"
            value={tailText}
            onChange={(e) => onTailText(e.target.value)}
            className={controlClass}
          />
          <span className={hintClass}>Time after the last note for sounds and reverb to ring out.</span>
        </div>
      </div>

      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label htmlFor={reverbId} className="flex items-center gap-2">
          <input id={reverbId} type="checkbox" checked={choice.reverb} onChange={(e) => set("reverb", e.target.checked)} className="h-4 w-4" />
          Reverb
        </label>
        <label htmlFor={chorusId} className="flex items-center gap-2">
          <input id={chorusId} type="checkbox" checked={choice.chorus} onChange={(e) => set("chorus", e.target.checked)} className="h-4 w-4" />
          Chorus
        </label>
      </div>

      <fieldset>
        <legend className={labelClass}>SoundFont (the instruments)</legend>
        <div className="mt-2 space-y-2 text-sm">
          <label className="flex items-start gap-2">
            <input type="radio" name="midi-soundfont" value="shipped" checked={soundFont === "shipped"} onChange={() => onSoundFont("shipped")} className="mt-0.5 h-4 w-4" />
            <span>
              General MIDI: FluidR3 Mono <span className={hintClass}>(15 MB, downloaded once from this site)</span>
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name="midi-soundfont" value="own" checked={soundFont === "own"} onChange={() => onSoundFont("own")} className="mt-0.5 h-4 w-4" />
            <span>My own SoundFont (.sf2 or .sf3, read on this device, never uploaded)</span>
          </label>
          {soundFont === "own" ? (
            <div className="pl-6">
              <label htmlFor={soundFontFileId} className="sr-only">
                SoundFont file
              </label>
              <input id={soundFontFileId} type="file" accept=".sf2,.sf3" onChange={(e) => onSoundFontFile(e.target.files?.[0] ?? null)} className="text-sm" />
            </div>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
