import { useEffect, useRef } from "react";
import { toast } from "#app/components/ui/toast.tsx";

type Result = { ok: boolean; message: string } | undefined | null;

/**
 * Toast each new action result once (success as the message, failure under the title "Error"),
 * then call `onSuccess`. Checked after every commit, not only when `result` changes: with a fetcher
 * whose action is followed by revalidation, a deps-based effect was sometimes skipped (React 19.3
 * dev + StrictMode). The ref keeps it to once per result.
 */
export function useActionToast(result: Result, onSuccess?: () => void) {
  const shown = useRef<Result>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      toast.success(result.message);
      onSuccess?.();
    } else {
      toast.error("Error", { description: result.message });
    }
  });
}
