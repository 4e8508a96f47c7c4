import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toast";

type Result = { ok: boolean; message: string } | undefined | null;

/** Toast each new action result once: success in green, failure under the title "Error". */
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
  }, [result, onSuccess]);
}
