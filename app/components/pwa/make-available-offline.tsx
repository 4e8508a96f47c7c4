import { CloudDownload, CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { cachedPaths, isAvailableOffline, loadEngines } from "#app/lib/pwa/offline-status.ts";
import { formatFileSize } from "#app/tools/shared/file-names.ts";
import { ProgressBar } from "#app/tools/shared/file-tool-progress.tsx";

// "Make available offline" on a file tool's page (decision 049): fetches the tool's page and every
// file its engines need through the service worker, which keeps them (hashed files cache-first,
// the page network-first), with real progress in bytes. The tool route loads it lazily, for file
// tools only; the precache holds its chunk (a lazy import of the shell outside app/tools).

type State =
  | { kind: "checking" }
  | { kind: "ready"; bytes: number }
  | { kind: "downloading"; done: number; total: number }
  | { kind: "available"; bytes: number }
  /** `network`: a file did not arrive; `storage`: they arrived, but the browser did not keep them all */
  | { kind: "failed"; bytes: number; reason: "network" | "storage" };

/** Resolves once a service worker controls this page (the first visit's worker claims it when it activates). */
async function controlled(): Promise<void> {
  await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller) return;
  await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
}

/**
 * The worker stores a response after it has handed it over, so the last file may reach the cache a
 * moment after its download ends: this checks again, every quarter second, for up to five seconds.
 */
async function keptWithin(kept: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await kept()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return kept();
}

/** Fetches each URL to the end (the worker caches what passes through it), counting the bytes read. */
async function fetchAll(urls: readonly string[], onBytes: (bytes: number) => void): Promise<void> {
  for (const url of urls) {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) onBytes(chunk.value.byteLength);
  }
}

export default function MakeAvailableOffline({ slug }: { slug: string }) {
  const [state, setState] = useState<State>({ kind: "checking" });
  useEffect(() => {
    // no worker (development, an old browser): the button would promise what nothing keeps
    if (!("serviceWorker" in navigator)) return;
    let live = true;
    void navigator.serviceWorker.ready
      .then(() => Promise.all([loadEngines(), cachedPaths()]))
      .then(([engines, cached]) => {
        if (!live) return;
        const bytes = engines[slug]?.bytes ?? 0;
        setState(isAvailableOffline(slug, engines, cached) ? { kind: "available", bytes } : { kind: "ready", bytes });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [slug]);

  async function download() {
    const engines = await loadEngines();
    const urls = [`/tool/${slug}`, ...(engines[slug]?.urls ?? [])];
    const total = engines[slug]?.bytes ?? 0;
    let done = 0;
    setState({ kind: "downloading", done, total });
    try {
      await controlled();
      await fetchAll(urls, (bytes) => {
        done += bytes;
        setState({ kind: "downloading", done, total });
      });
    } catch {
      setState({ kind: "failed", bytes: total, reason: "network" });
      return;
    }
    setState((await keptWithin(async () => isAvailableOffline(slug, engines, await cachedPaths()))) ? { kind: "available", bytes: total } : { kind: "failed", bytes: total, reason: "storage" });
  }

  if (state.kind === "checking") return null;
  return (
    <section aria-label="Offline use" data-testid="make-offline" data-state={state.kind} data-reason={state.kind === "failed" ? state.reason : undefined} className="mt-6 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800">
      {state.kind === "available" ? (
        <p className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-400">
          <CircleCheck className="h-5 w-5" aria-hidden="true" /> Available offline: this tool works on this device without a connection ({formatFileSize(state.bytes)} stored).
        </p>
      ) : state.kind === "downloading" ? (
        <ProgressBar
          label="Downloading this tool for offline use"
          percent={state.total > 0 ? Math.min(100, Math.floor((state.done / state.total) * 100)) : 0}
          note={`${formatFileSize(state.done)} of ${formatFileSize(state.total)}`}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700 dark:text-slate-300">
            {state.kind === "failed"
              ? state.reason === "network"
                ? "The download did not finish (are you online?). Try again."
                : "The files arrived, but this browser did not keep them all: its storage for this site may be full. Free some space and try again."
              : "Use this tool without a connection: download its engines once."}
          </p>
          <button
            type="button"
            onClick={() => void download()}
            className="inline-flex items-center gap-2 rounded-md border border-brand-600 px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-dark dark:hover:bg-slate-800"
          >
            <CloudDownload className="h-4 w-4" aria-hidden="true" /> Make available offline ({formatFileSize(state.bytes)})
          </button>
        </div>
      )}
    </section>
  );
}
