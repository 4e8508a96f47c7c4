import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { AUTOSAVE_DELAY_MS, AUTOSAVE_INTENT, AUTOSAVE_TEXTS, browserSchedule, debouncer, formSnapshot, type AutosaveSaved, type AutosaveStatus, type Schedule } from "#app/lib/admin/autosave.ts";
import { THUMBNAIL_FILE_FIELD } from "#app/lib/admin/content-form-schema.ts";
import type { ActionResult } from "#app/lib/forms.ts";
import type { RevisionItem } from "#app/lib/admin/revisions.ts";

type AutosaveAnswer = AutosaveSaved | Extract<ActionResult, { ok: false }>;

/**
 * Saves a draft a pause after the last edit (decision 044): the form as it is, without the
 * thumbnail file, with the version the editor holds. A new post or page is created as a draft at its
 * first autosave (it needs a title); later saves go to its own address. A save that finds a newer
 * version (another tab) stops autosaving and says so. `onSaved` gets the snapshot that was sent.
 */
export function useAutosave({
  formRef,
  listPath,
  id,
  version,
  enabled,
  onSaved,
  schedule = browserSchedule,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  listPath: string;
  id: number | null;
  version: string;
  enabled: boolean;
  onSaved: (snapshot: string) => void;
  schedule?: Schedule;
}) {
  const fetcher = useFetcher<AutosaveAnswer>();
  const [status, setStatus] = useState<AutosaveStatus>({ state: "idle" });
  const [savedId, setSavedId] = useState(id);
  const [revisions, setRevisions] = useState<RevisionItem[] | null>(null);
  const state = useRef({ id, version, sent: "", inFlight: false, stopped: false });

  const save = useCallback(() => {
    const form = formRef.current;
    if (!form || !enabled || state.current.stopped) return;
    const data = new FormData(form);
    data.delete(THUMBNAIL_FILE_FIELD);
    data.delete("removeThumbnail");
    // a new one needs a title before it is worth keeping
    if (state.current.id === null && String(data.get("title") ?? "").trim() === "") return;
    data.set("intent", AUTOSAVE_INTENT);
    data.set("version", state.current.version);
    // what the row holds once this is saved: the form, but no chosen thumbnail and no removal
    // (only Save applies those, so they stay unsaved changes)
    const asSaved = new FormData(form);
    if (asSaved.has(THUMBNAIL_FILE_FIELD)) asSaved.set(THUMBNAIL_FILE_FIELD, new File([], ""));
    asSaved.delete("removeThumbnail");
    state.current.sent = formSnapshot(asSaved);
    state.current.inFlight = true;
    setStatus({ state: "saving" });
    void fetcher.submit(data, { method: "post", action: state.current.id === null ? `${listPath}/new` : `${listPath}/${state.current.id}` });
  }, [enabled, fetcher, formRef, listPath]);

  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  // a save waits for the one in flight: it needs the version that one brings back
  const timer = useMemo(
    () =>
      debouncer(schedule, AUTOSAVE_DELAY_MS, () => {
        if (state.current.inFlight) timer.poke();
        else saveRef.current();
      }),
    [schedule],
  );
  useEffect(() => () => timer.cancel(), [timer]);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    state.current.inFlight = false;
    if (answer.ok) {
      state.current.id = answer.id;
      state.current.version = answer.version;
      setSavedId(answer.id);
      setRevisions(answer.revisions);
      setStatus({ state: "saved", at: answer.version });
      onSaved(state.current.sent);
    } else {
      // a newer version elsewhere: saving over it would lose that work
      if (answer.message === AUTOSAVE_TEXTS.stale) state.current.stopped = true;
      setStatus({ state: "error", message: answer.message });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);

  const edited = useCallback(() => {
    if (!enabled || state.current.stopped) return;
    setStatus((s) => (s.state === "saving" ? s : { state: "pending" }));
    timer.poke();
  }, [enabled, timer]);

  return { status, edited, cancel: timer.cancel, savedId, revisions };
}
