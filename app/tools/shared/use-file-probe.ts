// What a tool reads from the chosen file before converting (a media file's codecs, a MIDI file's
// tracks): one read at a time, the earlier one aborted when another file is chosen or the page goes,
// its failure kept as the visitor's message. The page shows it with <ProbeStatus> (./probe-status.tsx),
// except a failure with a reason: that file cannot be converted, and the frame says so on the
// file's own line (`unconvertible`, given to <FileToolFrame>), once.
import { useEffect, useMemo, useRef, useState } from "react";
import { visitorFailure, type VisitorFailure } from "#codecs/common/codec-failure.ts";
import type { Unconvertible } from "./use-file-batch.ts";
import { isAbortError } from "./worker-bridge.ts";

export type FileProbe<T> =
  | { kind: "none" }
  | { kind: "reading"; file: File; loadingEngine: boolean }
  | { kind: "ready"; file: File; result: T }
  /** `reason`: what the reader said (the file cannot be converted), null for an unexplained error (`message` is the tool's text) */
  | { kind: "failed"; file: File; message: string; reason: VisitorFailure | null };

export interface ProbeCallbacks {
  signal: AbortSignal;
  /** the reader is loading an engine first (true), or is done loading it (false) */
  onLoadingEngine: (loading: boolean) => void;
}

/**
 * `read` reads a file; `failureText` is shown when it fails with no message for the visitor.
 * Returns the probe's state and `choose`, to call with the chosen file (or null).
 */
export function useFileProbe<T>(read: (file: File, callbacks: ProbeCallbacks) => Promise<T>, failureText: string) {
  const [probe, setProbe] = useState<FileProbe<T>>({ kind: "none" });
  const run = useRef<AbortController | null>(null);
  useEffect(() => () => run.current?.abort(), []);

  const choose = (file: File | null) => {
    run.current?.abort();
    run.current = null;
    if (!file) {
      setProbe({ kind: "none" });
      return;
    }
    const controller = new AbortController();
    run.current = controller;
    const current = () => run.current === controller;
    setProbe({ kind: "reading", file, loadingEngine: false });
    read(file, { signal: controller.signal, onLoadingEngine: (loading) => current() && setProbe({ kind: "reading", file, loadingEngine: loading }) }).then(
      (result) => current() && setProbe({ kind: "ready", file, result }),
      (error: unknown) => {
        if (!current() || isAbortError(error)) return;
        const reason = visitorFailure(error) ?? null;
        if (reason === null) console.error(error);
        setProbe({ kind: "failed", file, message: reason?.message ?? failureText, reason });
      },
    );
  };

  const unconvertible = useMemo<Unconvertible | null>(() => (probe.kind === "failed" && probe.reason ? { file: probe.file, reason: probe.reason } : null), [probe]);
  return { probe, choose, unconvertible };
}
