// What a tool reads from the chosen file before converting (a media file's codecs, a MIDI file's
// tracks): one read at a time, the earlier one aborted when another file is chosen or the page goes,
// its failure kept as the visitor's message. The page shows it with <ProbeStatus> (./probe-status.tsx).
import { useEffect, useRef, useState } from "react";
import { visitorMessage } from "#codecs/common/codec-failure.ts";
import { isAbortError } from "./worker-bridge.ts";

export type FileProbe<T> =
  | { kind: "none" }
  | { kind: "reading"; file: File; loadingEngine: boolean }
  | { kind: "ready"; file: File; result: T }
  | { kind: "failed"; file: File; message: string };

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
        const message = visitorMessage(error);
        if (message === undefined) console.error(error);
        setProbe({ kind: "failed", file, message: message ?? failureText });
      },
    );
  };

  return { probe, choose };
}
