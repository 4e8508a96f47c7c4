// The page of every audio and video tool (issue 13), told by its meta what it makes (./media-tools.ts).
// Choosing a file reads it in a worker and shows what it holds (container, duration, codecs); Convert
// plans the job (stream copy when the codecs already fit the target, else re-encode; the WebCodecs
// engine when this browser can do it, else the ffmpeg core) and runs it with real progress (media
// time written ÷ the output's length) and the time left. The result plays on the page and downloads.
import { CircleAlert, FileAudio, Info } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { describeInfo } from "#codecs/media/describe.ts";
import { MediaError } from "#codecs/media/media-error.ts";
import type { ConversionPlan } from "#codecs/media/media-types.ts";
import { planConversion } from "#codecs/media/plan.ts";
import { targetSpec } from "#codecs/media/targets.ts";
import { etaSeconds, formatEta } from "#codecs/media/progress.ts";
import { formatFileSize } from "../shared/file-names.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import { TechnicalDetails } from "../shared/file-tool-messages.tsx";
import { PresetsBar } from "../shared/presets-bar.tsx";
import { ProbeStatus } from "../shared/probe-status.tsx";
import { useUrlOptions } from "../shared/use-url-options.ts";
import { useFileProbe } from "../shared/use-file-probe.ts";
import type { ToolComponentProps } from "../types.ts";
import { choiceFromFields, defaultFields, type ChoiceFields } from "./choice-fields.ts";
import { MediaOptions } from "./media-options.tsx";
import { mediaToolConfig } from "./media-tools.ts";
import { availableSinks, chooseOutputSink, defaultSink, DISK_OUTPUT_FROM_BYTES, memoryWarning, type SinkKind } from "./output-sink.ts";
import { prepareEngine, probeMedia, runPlan, type EnginePhase, type ProbedFile } from "./run-conversion.ts";
import { MEDIA_PRESETS, mediaOptionSchema } from "./presets.ts";

// which engine did the work is for the curious: it sits behind "Details" (issue 31, finding 1)
const ENGINE_NAMES: Readonly<Record<ConversionPlan["engine"], string>> = {
  webcodecs: "Made with your browser's own encoders (WebCodecs, through mediabunny).",
  ffmpeg: "Made with the ffmpeg engine (WebAssembly), loaded from this site.",
};

export default function MediaTool({ slug, meta }: ToolComponentProps) {
  const config = mediaToolConfig(meta);
  const accept = meta.accept;
  // the options a link can set live in the URL; the trim is this file's own, never part of a link
  const urlOptions = useUrlOptions(useMemo(() => mediaOptionSchema(config), [config]));
  const [trim, setTrim] = useState({ trimStart: "", trimEnd: "" });
  const fields: ChoiceFields = { ...defaultFields(config.targets[0] ?? "mp3"), ...urlOptions.values, ...trim };
  const setFields = ({ trimStart, trimEnd, ...linked }: ChoiceFields) => {
    setTrim({ trimStart, trimEnd });
    urlOptions.set(linked);
  };
  const [picture, setPicture] = useState<File | null>(null);
  const { probe, choose, unconvertible } = useFileProbe<ProbedFile>(
    (file, { signal, onLoadingEngine }) => probeMedia(file, { signal, onPhase: (p) => onLoadingEngine(p === "loading") }),
    "The file could not be read as audio or video.",
  );
  const [phase, setPhase] = useState<EnginePhase>("converting");
  const [progressNote, setProgressNote] = useState<string | undefined>();
  const [sinkChoice, setSinkChoice] = useState<SinkKind | null>(null);
  const [lastPlan, setLastPlan] = useState<ConversionPlan | null>(null);
  if (!accept) throw new Error(`The media tool "${slug}" has no accept rule.`);

  // the engine Convert will need loads while the visitor looks at the options (once per file and
  // choice); `data-engine-ready` tells the benchmark when Convert will not wait for it
  const fieldsKey = JSON.stringify(fields);
  const [preparedKey, setPreparedKey] = useState<string | null>(null);
  const prepareKey = probe.kind === "ready" ? `${probe.file.name}|${probe.file.size}|${probe.file.lastModified}|${picture?.name ?? ""}|${fieldsKey}` : null;
  useEffect(() => {
    if (probe.kind !== "ready") return;
    let current = true;
    const outcome = choiceFromFields(JSON.parse(fieldsKey) as ChoiceFields, picture);
    let plan: ConversionPlan | null = null;
    try {
      plan = outcome.ok ? planConversion(probe.result.info, outcome.choice, probe.result.encoders) : null;
    } catch {
      // a choice the plan refuses is explained when Convert is pressed
    }
    void (plan === null ? Promise.resolve() : prepareEngine(probe.file, plan, probe.result.info)).then(() => current && setPreparedKey(prepareKey));
    return () => {
      current = false;
    };
  }, [probe, fieldsKey, picture, prepareKey]);
  const engineReady = prepareKey !== null && preparedKey === prepareKey;

  const label = targetSpec(fields.target).label;
  const chosen = probe.kind === "none" ? null : probe.file;
  const sinks = chosen && chosen.size >= DISK_OUTPUT_FROM_BYTES ? availableSinks() : null;
  const sink: SinkKind = sinkChoice ?? (chosen ? defaultSink(chosen.size, availableSinks()) : "memory");

  const onFileChange = (file: File | null) => {
    setLastPlan(null);
    setSinkChoice(null);
    choose(file);
  };

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const outcome = choiceFromFields(fields, picture);
    if (!outcome.ok) throw new MediaError(outcome.message, "bad-option");
    // another file of the list (or one chosen before its probe ended) is read now
    const probed = probe.kind === "ready" && probe.file === file ? probe.result : await probeMedia(file, { signal, onPhase: setPhase });
    const plan = planConversion(probed.info, outcome.choice, probed.encoders);
    const fileName = outputFileName(file.name, fields.target);
    const output = await chooseOutputSink(file === chosen ? sink : defaultSink(file.size, availableSinks(), { unattended: true }), fileName);
    let started = 0;
    setProgressNote(undefined);
    const blob = await runPlan(file, plan, output, outcome.choice.picture.kind === "file" ? outcome.choice.picture.file : null, {
      signal,
      info: probed.info,
      onPhase: (p) => {
        setPhase(p);
        if (p === "converting") started = performance.now();
      },
      onProgress: (fraction) => {
        onProgress(fraction);
        const eta = etaSeconds(fraction, performance.now() - started);
        setProgressNote(eta === null ? undefined : formatEta(eta));
      },
    });
    setProgressNote(undefined);
    setPhase("converting");
    if (blob.size === 0) throw new MediaError("The conversion produced an empty file.", "engine-failed");
    setLastPlan(plan);
    return { blob, fileName, summary: `${targetSpec(plan.target).label} file, ${formatFileSize(blob.size)}.` };
  };

  const options = (
    <div className="space-y-5" data-engine-ready={engineReady ? "" : undefined}>
      <ProbeStatus probe={probe} facts={(probed) => describeInfo(probed.info)} icon={FileAudio} loadingEngineText="Loading the ffmpeg engine to read this file..." testId="media-info" />
      {chosen && memoryWarning(chosen.size, sink) ? (
        <p role="note" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="memory-warning">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          This file is {formatFileSize(chosen.size)}. This browser cannot write the output to disk as it converts, so it must fit in memory: a very large result may fail.
        </p>
      ) : null}
      <PresetsBar slug={slug} options={urlOptions} builtIn={MEDIA_PRESETS} />
      <MediaOptions
        config={config}
        fields={fields}
        onFields={setFields}
        hasCover={probe.kind === "ready" && probe.result.info.tags.hasCover}
        onPicture={setPicture}
        sinks={sinks}
        sink={sink}
        onSink={setSinkChoice}
      />
    </div>
  );

  return (
    <FileToolFrame
      accept={accept}
      convert={convert}
      options={options}
      convertLabel={`Convert to ${label}`}
      busyLabel={phase === "loading" ? "Loading..." : `Converting to ${label}...`}
      downloadLabel="Download"
      successTitle="Conversion successful"
      successDescription={`${config.noun} converted to ${label}`}
      failureDescription="Unable to convert file"
      progressNote={progressNote}
      onFileChange={onFileChange}
      unconvertible={unconvertible}
      renderPreview={(result) => (
        <div data-testid="media-result" className="space-y-3">
          {lastPlan ? (
            <div className="text-sm">
              <p>
                <Info className="mr-1 inline h-4 w-4 align-text-bottom text-brand-600" aria-hidden="true" />
                {capitalize(lastPlan.summary)}.
              </p>
              <TechnicalDetails detail={ENGINE_NAMES[lastPlan.engine]} />
            </div>
          ) : null}
          {lastPlan?.video.action === "drop" || !lastPlan ? (
            // oxlint-disable-next-line jsx-a11y/media-has-caption -- the visitor's own converted sound, no captions exist
            <audio controls src={result.url} className="w-full" />
          ) : (
            // oxlint-disable-next-line jsx-a11y/media-has-caption -- the visitor's own converted video, no captions exist
            <video controls src={result.url} className="max-h-96 w-full rounded-lg bg-black" />
          )}
        </div>
      )}
    />
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
