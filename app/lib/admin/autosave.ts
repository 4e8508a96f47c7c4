import type { ShouldRevalidateFunction } from "react-router";
import { memoByKey } from "#app/lib/memo-by-key.ts";
import type { RevisionItem } from "./revisions.ts";

// Autosave of drafts in the post and page editors (issue 29, finding 6; decision 044), without
// React: the intent, the pause before saving, the status line's wording, the debounce (its timer
// injected, so tests step it) and what counts as a change of the form.

export const AUTOSAVE_INTENT = "autosave";
/** Posted by the Create button once the autosave has stored the new row (the answer still says "created"). */
export const CREATED_BY_AUTOSAVE_FIELD = "createdByAutosave";
/** The pause after the last keystroke before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 3000;

export const AUTOSAVE_TEXTS = {
  saved: "Draft saved",
  saving: "Saving…",
  stale: "This draft was changed in another tab or by another admin. Reload the page to see the newer version; your changes here were not saved.",
  publishedOnly: "Autosave keeps drafts only: save a published post or page with the Save button.",
  missingVersion: "The editor's version is missing. Reload the page.",
} as const;

/** The edit routes' shouldRevalidate: an autosave changes nothing the editor shows, and reloading would reset the text being typed. */
export const skipRevalidateOnAutosave: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === AUTOSAVE_INTENT ? false : defaultShouldRevalidate;

/** What the editor's status line shows. */
export type AutosaveStatus =
  | { state: "idle" }
  | { state: "pending" }
  | { state: "saving" }
  | { state: "saved"; at: string }
  | { state: "error"; message: string };

/** "Saved at 10:42", "Saving…" or the error; nothing before the first autosave. */
export function autosaveStatusText(status: AutosaveStatus, formatTime: (iso: string) => string): string {
  switch (status.state) {
    case "idle":
      return "";
    case "pending":
      return "Unsaved changes";
    case "saving":
      return AUTOSAVE_TEXTS.saving;
    case "saved":
      return `Saved at ${formatTime(status.at)}`;
    case "error":
      return `Not saved: ${status.message}`;
  }
}

// one formatter per time zone, made on first use (a revisions list formats a time per row)
const clockFormat = memoByKey((timeZone: string | undefined) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }));

/** Hours and minutes, in the browser's own time zone unless one is given (server-rendered text: "UTC"). */
export const clockTime = (iso: string, timeZone?: string) => clockFormat(timeZone).format(new Date(iso)) + (timeZone === "UTC" ? " UTC" : "");

/** Starts a timer and answers how to cancel it (setTimeout in the browser, a hand-stepped one in tests). */
export type Schedule = (run: () => void, ms: number) => () => void;

export const browserSchedule: Schedule = (run, ms) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

/** Runs `run` once `ms` after the last `poke`; `cancel` drops a waiting run. */
export function debouncer(schedule: Schedule, ms: number, run: () => void) {
  let cancelWaiting: (() => void) | null = null;
  return {
    poke() {
      cancelWaiting?.();
      cancelWaiting = schedule(() => {
        cancelWaiting = null;
        run();
      }, ms);
    },
    cancel() {
      cancelWaiting?.();
      cancelWaiting = null;
    },
    get waiting() {
      return cancelWaiting !== null;
    },
  };
}

/** Fields that say nothing about the content (the form's intent and version, the autosave's own bookkeeping). */
const NOT_CONTENT = new Set(["intent", "version", CREATED_BY_AUTOSAVE_FIELD]);

/** The form's content as one comparable string: a chosen file by its name and size. */
export function formSnapshot(form: FormData): string {
  const entries: [string, string][] = [];
  for (const [key, value] of form.entries()) {
    if (NOT_CONTENT.has(key)) continue;
    entries.push([key, typeof value === "string" ? value : value.size > 0 || value.name ? `file:${value.name}:${value.size}` : ""]);
  }
  return JSON.stringify(entries);
}

/** What an autosave answers besides the ActionResult: the row's id (a new post's, once created) and its new version. */
export interface AutosaveSaved {
  ok: true;
  message: string;
  intent: typeof AUTOSAVE_INTENT;
  id: number;
  version: string;
  /** the Revisions list after this save (the editor does not reload its loader on an autosave) */
  revisions: RevisionItem[];
}
