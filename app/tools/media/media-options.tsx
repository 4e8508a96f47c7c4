// The media page's options: the output format (tools with a choice), the audio options (bitrate,
// sample rate, channels, WAV bit depth), the video options (resolution, quality, WebM codec, no
// audio), a trim, the m4a-to-mp4 picture track, and where a large file's output goes. Only the
// options that apply to the chosen target are shown.
import { useId } from "react";
import type { MediaTarget } from "#codecs/media/media-types.ts";
import { targetSpec } from "#codecs/media/targets.ts";
import { ChoiceSelect, controlClass, hintClass, labelClass, type Choice } from "../image-common/controls.tsx";
import { CBR_KBPS, RESOLUTIONS, SAMPLE_RATES, VBR_QUALITIES, type ChoiceFields } from "./choice-fields.ts";
import type { MediaToolConfig } from "./media-tools.ts";
import { SINK_LABELS, type SinkKind } from "./output-sink.ts";

const LOSSLESS: readonly MediaTarget[] = ["wav", "flac"];
const AUDIO_ONLY: readonly MediaTarget[] = ["mp3", "wav", "ogg", "m4a", "aac", "flac", "wma"];

const BITRATES: readonly Choice<string>[] = [
  { value: "auto", label: "Automatic (copy when possible)" },
  ...CBR_KBPS.map((kbps) => ({ value: String(kbps), label: `${kbps} kbps (constant)` })),
  ...VBR_QUALITIES.map((q) => ({ value: `vbr-${q}`, label: `VBR quality ${q}${q === 0 ? " (best)" : q === 9 ? " (smallest)" : ""}` })),
];
const SAMPLE_RATE_CHOICES: readonly Choice<string>[] = [
  { value: "keep", label: "Same as the source" },
  ...SAMPLE_RATES.map((hz) => ({ value: String(hz), label: `${hz / 1000} kHz` })), // "44.1 kHz": String(), not toLocaleString, which loads ICU while the page loads
];
const CHANNEL_CHOICES: readonly Choice<string>[] = [
  { value: "keep", label: "Same as the source" },
  { value: "1", label: "Mono" },
  { value: "2", label: "Stereo" },
];
const DEPTHS: readonly Choice<ChoiceFields["wavBitDepth"]>[] = [
  { value: "16", label: "16-bit" },
  { value: "24", label: "24-bit" },
  { value: "32", label: "32-bit float" },
];
const RESOLUTION_CHOICES: readonly Choice<string>[] = [
  { value: "keep", label: "Same as the source" },
  ...RESOLUTIONS.map((p) => ({ value: String(p), label: `${p}p (never enlarged)` })),
];
const QUALITY_CHOICES: readonly Choice<ChoiceFields["quality"]>[] = [
  { value: "auto", label: "Automatic (copy when possible)" },
  { value: "high", label: "High" },
  { value: "medium", label: "Medium" },
  { value: "low", label: "Low (smaller file)" },
];
const WEBM_CODECS: readonly Choice<ChoiceFields["webmCodec"]>[] = [
  { value: "vp9", label: "VP9 (smaller)" },
  { value: "vp8", label: "VP8 (older players)" },
];

export interface MediaOptionsProps {
  config: MediaToolConfig;
  fields: ChoiceFields;
  onFields: (fields: ChoiceFields) => void;
  /** m4a-to-mp4: whether the chosen file has cover art to use */
  hasCover: boolean;
  onPicture: (file: File | null) => void;
  /** offered only for large inputs */
  sinks: readonly SinkKind[] | null;
  sink: SinkKind;
  onSink: (kind: SinkKind) => void;
}

export function MediaOptions({ config, fields, onFields, hasCover, onPicture, sinks, sink, onSink }: MediaOptionsProps) {
  const set = <K extends keyof ChoiceFields>(key: K, value: ChoiceFields[K]) => onFields({ ...fields, [key]: value });
  const target = fields.target;
  const audioTarget = AUDIO_ONLY.includes(target);
  const showAudio = !fields.noAudio && !config.pictureOption;
  const trimStartId = useId();
  const trimEndId = useId();
  const noAudioId = useId();
  const pictureId = useId();

  return (
    <div className="space-y-5" data-testid="media-options">
      <div className="grid gap-4 sm:grid-cols-2">
        {config.targets.length > 1 ? (
          <ChoiceSelect
            label="Output format"
            value={target}
            choices={config.targets.map((t) => ({ value: t, label: targetSpec(t).label }))}
            onChange={(value) => set("target", value)}
          />
        ) : null}
        {/* beside a video's own Quality, say which stream the bitrate is for (issue 31, finding 7) */}
        {showAudio && !LOSSLESS.includes(target) ? <ChoiceSelect label={audioTarget ? "Bitrate" : "Audio bitrate"} value={fields.bitrate} choices={BITRATES} onChange={(v) => set("bitrate", v)} /> : null}
        {showAudio ? <ChoiceSelect label="Sample rate" value={fields.sampleRate} choices={SAMPLE_RATE_CHOICES} onChange={(v) => set("sampleRate", v)} /> : null}
        {showAudio ? <ChoiceSelect label="Channels" value={fields.channels} choices={CHANNEL_CHOICES} onChange={(v) => set("channels", v)} /> : null}
        {target === "wav" ? <ChoiceSelect label="WAV bit depth" value={fields.wavBitDepth} choices={DEPTHS} onChange={(v) => set("wavBitDepth", v)} /> : null}
        {!audioTarget && !config.pictureOption ? (
          <>
            <ChoiceSelect label="Resolution" value={fields.resolution} choices={RESOLUTION_CHOICES} onChange={(v) => set("resolution", v)} />
            <ChoiceSelect label="Quality" value={fields.quality} choices={QUALITY_CHOICES} onChange={(v) => set("quality", v)} />
          </>
        ) : null}
        {target === "webm" ? <ChoiceSelect label="WebM video codec" value={fields.webmCodec} choices={WEBM_CODECS} onChange={(v) => set("webmCodec", v)} /> : null}
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={`${labelClass} mb-2`}>Trim (optional)</legend>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={trimStartId} className={labelClass}>
            Trim start (s)
          </label>
          <input id={trimStartId} type="number" inputMode="decimal" min={0} step="any" placeholder="0" value={fields.trimStart} onChange={(e) => set("trimStart", e.target.value)} className={controlClass} />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={trimEndId} className={labelClass}>
            Trim end (s)
          </label>
          <input id={trimEndId} type="number" inputMode="decimal" min={0} step="any" placeholder="the end" value={fields.trimEnd} onChange={(e) => set("trimEnd", e.target.value)} className={controlClass} />
        </div>
      </fieldset>

      {!audioTarget && !config.pictureOption ? (
        <label htmlFor={noAudioId} className="flex items-center gap-2 text-sm">
          <input id={noAudioId} type="checkbox" checked={fields.noAudio} onChange={(e) => set("noAudio", e.target.checked)} className="h-4 w-4" />
          No audio
        </label>
      ) : null}

      {config.pictureOption ? (
        <fieldset>
          <legend className={labelClass}>Video track</legend>
          <div className="mt-2 space-y-2 text-sm">
            <PictureChoice value="none" fields={fields} set={set} text="None: an audio-only MP4 (the sound is copied, not re-encoded)" />
            <PictureChoice value="cover" fields={fields} set={set} text="The cover art, as a still picture" disabled={!hasCover} />
            <PictureChoice value="file" fields={fields} set={set} text="A picture I choose" />
            {fields.picture === "file" ? (
              <div className="pl-6">
                <label htmlFor={pictureId} className="sr-only">
                  Picture for the video track
                </label>
                <input id={pictureId} type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => onPicture(e.target.files?.[0] ?? null)} className="text-sm" />
              </div>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      {sinks ? (
        <div>
          <ChoiceSelect
            label="Where the output goes"
            value={sink}
            choices={sinks.map((kind) => ({ value: kind, label: SINK_LABELS[kind] }))}
            onChange={onSink}
            hint="A large file's output is written to disk as it converts, so it never has to fit in the tab's memory."
          />
        </div>
      ) : null}
    </div>
  );
}

function PictureChoice({
  value,
  fields,
  set,
  text,
  disabled,
}: {
  value: ChoiceFields["picture"];
  fields: ChoiceFields;
  set: <K extends keyof ChoiceFields>(key: K, value: ChoiceFields[K]) => void;
  text: string;
  disabled?: boolean;
}) {
  return (
    <label className={`flex items-center gap-2 ${disabled ? "opacity-60" : ""}`}>
      <input type="radio" name="media-picture" value={value} checked={fields.picture === value} disabled={disabled} onChange={() => set("picture", value)} className="h-4 w-4" />
      {text}
      {disabled ? <span className={hintClass}>(this file has none)</span> : null}
    </label>
  );
}
