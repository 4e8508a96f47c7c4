import { useEffect, useRef } from "react";
import { toast } from "#app/components/ui/toast.tsx";

type Result = { ok: boolean; message: string } | undefined | null;

/** The usual telling of an answer: success as the message, failure under the title "Error". */
export function toastResult(result: { ok: boolean; message: string }) {
  if (result.ok) toast.success(result.message);
  else toast.error("Error", { description: result.message });
}

/**
 * Tell each new action result once (by default a toast, see toastResult), then call `onSuccess` for
 * a success. Checked after every commit, not only when `result` changes: with a fetcher whose action
 * is followed by revalidation, a deps-based effect was sometimes skipped (React 19.3 dev +
 * StrictMode). The ref keeps it to once per result.
 */
export function useActionToast<R extends Result>(result: R, onSuccess?: () => void, announce: (result: NonNullable<R>) => void = toastResult) {
  const shown = useRef<Result>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    announce(result);
    if (result.ok) onSuccess?.();
  });
}
