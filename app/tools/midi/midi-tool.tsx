// The MIDI converter's page (issue 14): choosing a file shows what it holds (format, tracks, length,
// tempo, General MIDI instruments); Convert loads the SoundFont once ('Loading...', with its download
// progress), then renders and encodes the song in a worker with real progress (rendered frames ÷
// the song's length plus the tail) and the time left. The result plays on the page and downloads.
import { FileMusic, Info } from "lucide-react";
import { useState } from "react";
import { etaSeconds, formatEta } from "#codecs/media/progress.ts";
import { describeMidi } from "#codecs/midi/describe-midi.ts";
import { MidiError } from "#codecs/midi/midi-error.ts";
import { checkMidiChoice, MIDI_DEFAULTS, TAIL_SECONDS, TARGET_LABELS, type MidiChoice } from "#codecs/midi/midi-options.ts";
import { formatFileSize } from "../shared/file-names.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { ProbeStatus } from "../shared/probe-status.tsx";
import { useFileProbe } from "../shared/use-file-probe.ts";
import { useUrlOptions } from "../shared/use-url-options.ts";
import type { ToolComponentProps } from "../types.ts";
import type { MidiConvertResult, MidiProbeResult } from "./midi-job.ts";
import { midiClient } from "./midi-client.ts";
import { MidiOptions, type SoundFontChoice } from "./midi-options-panel.tsx";
import { MIDI_OPTIONS, MIDI_PRESETS } from "./presets.ts";
import { SHIPPED_SOUND_FONT_BYTES } from "./sound-font-size.ts";

/**
 * Two renderers need cores to spare: on a 2-core machine the second worker, the page and the encoder
 * compete, and the benchmark measured a dense song about 20 % slower shared (18.1 s) than rendered by
 * one worker (15.2 s).
 */
const SHARED_RENDER_FROM_CORES = 4;

export default function MidiTool({ slug, meta }: ToolComponentProps) {
  const accept = meta.accept;
  // the render options travel in the URL; the release tail is typed text kept on the page
  const urlOptions = useUrlOptions(MIDI_OPTIONS);
  const choice: MidiChoice = { ...MIDI_DEFAULTS, ...urlOptions.values };
  const setChoice = ({ tailSeconds: _tail, ...linked }: MidiChoice) => urlOptions.set(linked);
  const [tailText, setTailText] = useState(String(TAIL_SECONDS.default));
  const [soundFont, setSoundFont] = useState<SoundFontChoice>("shipped");
  const [soundFontFile, setSoundFontFile] = useState<File | null>(null);
  const { probe, choose, unconvertible } = useFileProbe<MidiProbeResult>((file, { signal }) => midiClient.probe({ file }, { signal }), "The file could not be read as MIDI.");
  const [loading, setLoading] = useState(false);
  const [progressNote, setProgressNote] = useState<string | undefined>();
  const [lastResult, setLastResult] = useState<{ result: MidiConvertResult; choice: MidiChoice; soundFont: string } | null>(null);
  if (!accept) throw new Error(`The MIDI tool "${slug}" has no accept rule.`);
  const label = TARGET_LABELS[choice.target];

  const onFileChange = (file: File | null) => {
    setLastResult(null);
    choose(file);
  };

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const tail = Number(tailText.trim() === "" ? "NaN" : tailText);
    const checked = checkMidiChoice({ ...choice, tailSeconds: tail });
    if (soundFont === "own" && soundFontFile === null) throw new MidiError("Choose your SoundFont file (.sf2 or .sf3), or use the General MIDI one.", "bad-soundfont");
    setProgressNote(undefined);
    if (soundFont === "shipped") {
      setLoading(true);
      try {
        // the download on the one bar, in bytes (issue 31, finding 7); the render then starts it again
        await midiClient.loadSoundFont(
          {},
          {
            signal,
            onProgress: (fraction) => {
              onProgress(fraction);
              setProgressNote(`Downloading the instruments: ${formatFileSize(Math.round(fraction * SHIPPED_SOUND_FONT_BYTES))} of ${formatFileSize(SHIPPED_SOUND_FONT_BYTES)}`);
            },
          },
        );
        onProgress(0);
      } finally {
        setLoading(false);
      }
    }
    const started = performance.now();
    setProgressNote(undefined);
    const result = await midiClient.convert(
      { file, choice: checked, soundFont: soundFont === "own" ? soundFontFile : null, renderers: navigator.hardwareConcurrency >= SHARED_RENDER_FROM_CORES ? 2 : 1 },
      {
        signal,
        onProgress: (fraction) => {
          onProgress(fraction);
          const eta = etaSeconds(fraction, performance.now() - started);
          setProgressNote(eta === null ? undefined : formatEta(eta));
        },
      },
    );
    setProgressNote(undefined);
    if (result.output.size === 0) throw new MidiError("The conversion produced an empty file.", "render-failed");
    setLastResult({ result, choice: checked, soundFont: soundFont === "own" && soundFontFile ? soundFontFile.name : "FluidR3 Mono (General MIDI)" });
    return { blob: result.output, fileName: outputFileName(file.name, checked.target), summary: `${TARGET_LABELS[checked.target]} file, ${formatFileSize(result.output.size)}.` };
  };

  const options = (
    <div className="space-y-5">
      <ProbeStatus probe={probe} facts={(probed) => describeMidi(probed.info)} icon={FileMusic} testId="midi-info" />
      <PresetsBar slug={slug} options={urlOptions} builtIn={MIDI_PRESETS} />
      <MidiOptions
        choice={choice}
        onChoice={setChoice}
        tailText={tailText}
        onTailText={setTailText}
        soundFont={soundFont}
        onSoundFont={setSoundFont}
        onSoundFontFile={setSoundFontFile}
        opusAvailable={probe.kind !== "ready" || probe.result.opus}
      />
    </div>
  );

  return (
    <FileToolFrame
      accept={accept}
      convert={convert}
      options={options}
      convertLabel={`Convert to ${label}`}
      busyLabel={loading ? "Loading..." : `Converting to ${label}...`}
      downloadLabel="Download"
      successTitle="Conversion successful"
      successDescription={`MIDI rendered to ${label}`}
      failureDescription="Unable to convert file"
      progressNote={progressNote}
      onFileChange={onFileChange}
      unconvertible={unconvertible}
      renderPreview={(shown) => (
        <div data-testid="midi-result" className="space-y-3">
          {lastResult ? (
            <p className="text-sm">
              <Info className="mr-1 inline h-4 w-4 align-text-bottom text-brand-600" aria-hidden="true" />
              {renderSummary(lastResult.choice, lastResult.result, lastResult.soundFont)}
            </p>
          ) : null}
          {/* oxlint-disable-next-line jsx-a11y/media-has-caption -- the visitor's own rendered song, no captions exist */}
          <audio controls src={shown.url} className="w-full" />
        </div>
      )}
    />
  );
}

/** "Rendered with FluidR3 Mono (General MIDI), reverb and chorus on; normalised by +20.8 dB to a peak of −1 dBFS." */
function renderSummary(choice: MidiChoice, result: MidiConvertResult, soundFont: string): string {
  const effects = [choice.reverb ? "reverb" : null, choice.chorus ? "chorus" : null].filter((e) => e !== null);
  const gain = `${result.gainDb >= 0 ? "+" : "−"}${Math.abs(result.gainDb).toFixed(1)} dB`;
  const level =
    choice.normalisation === "off"
      ? "the synthesizer's own level"
      : choice.normalisation === "peak"
        ? `normalised by ${gain} to a peak of −1 dBFS`
        : result.limited
          ? `raised by ${gain}, short of −14 LUFS to keep the peak at −1 dBFS`
          : `normalised by ${gain} to −14 LUFS`;
  return `Rendered with ${soundFont}, ${effects.length === 0 ? "no effects" : `${effects.join(" and ")} on`}; ${level}.`;
}
