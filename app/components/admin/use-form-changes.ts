import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { formSnapshot } from "#app/lib/admin/autosave.ts";

/** Stands for "differs from anything saved": a form loaded with unsaved content (a revision to restore). */
const UNSAVED = "\u0000unsaved";

/**
 * Whether an editor's form differs from what was last saved (issue 29: the leave-page guard and the
 * autosave read it). Any input, change or click inside the form, or `noteChange()` (the rich editor,
 * whose HTML lives in a hidden input), re-reads the form after React has rendered the change.
 * `markSaved(snapshot)` moves the baseline: to what an autosave sent, or to the form as it is.
 */
export function useFormChanges(formRef: RefObject<HTMLFormElement | null>, { startDirty = false, onEdit }: { startDirty?: boolean; onEdit?: () => void } = {}) {
  const baseline = useRef<string | null>(null);
  const dirtyRef = useRef(startDirty);
  const [dirty, setDirty] = useState(startDirty);
  const [tick, setTick] = useState(0);
  const lastSeen = useRef<string | null>(null);
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  }, [onEdit]);

  const noteChange = useCallback(() => setTick((t) => t + 1), []);

  const read = useCallback(() => (formRef.current ? formSnapshot(new FormData(formRef.current)) : ""), [formRef]);

  const compare = useCallback(() => {
    const now = read();
    const isDirty = baseline.current !== now;
    dirtyRef.current = isDirty;
    setDirty(isDirty);
    return now;
  }, [read]);

  // the baseline is the form as first rendered (or nothing saved, for a loaded revision)
  useEffect(() => {
    baseline.current = startDirty ? UNSAVED : read();
    lastSeen.current = read();
    const form = formRef.current;
    if (!form) return;
    // heard on window, after React's own handlers (on the document): a render started earlier
    // would put a controlled field (the slug) back to its old value before its onChange saw the new one
    const heard = (event: Event) => {
      if (event.target instanceof Node && form.contains(event.target)) noteChange();
    };
    for (const type of ["input", "change", "click"]) window.addEventListener(type, heard);
    return () => {
      for (const type of ["input", "change", "click"]) window.removeEventListener(type, heard);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the form as mounted
  }, []);

  useEffect(() => {
    if (tick === 0) return;
    const now = compare();
    // an edit (not a click that changed nothing) is what the autosave waits on
    if (now !== lastSeen.current) {
      lastSeen.current = now;
      if (dirtyRef.current) onEditRef.current?.();
    }
  }, [tick, compare]);

  const markSaved = useCallback(
    (snapshot?: string) => {
      baseline.current = snapshot ?? read();
      compare();
    },
    [read, compare],
  );

  /** A form that was sent may leave (its answer redirects); an answer that keeps it here calls noteChange. */
  const allowLeave = useCallback(() => {
    dirtyRef.current = false;
  }, []);

  return { dirty, dirtyRef, noteChange, markSaved, read, allowLeave };
}
