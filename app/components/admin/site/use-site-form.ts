import { useCallback, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { formErrors } from "#app/lib/forms.ts";

/** What the site screens' actions answer (the shape of ok()/fail() in form.server). */
export interface SiteActionResult {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  intent?: string;
}

/**
 * One form of a site screen: a fetcher whose result is toasted, field errors from the browser's
 * check with the action's own schema (then from the server), and a submit handler that stops an
 * invalid form before it is sent.
 */
export function useSiteForm<T extends SiteActionResult = SiteActionResult>(options: {
  schema?: z.ZodType;
  /** the toast when the browser's check stops the form (the server's own message otherwise) */
  failMessage: string | ((errors: Record<string, string>) => string);
  /** an extra browser check; return field errors to stop the submit */
  check?: (form: FormData) => Record<string, string> | null;
  onSuccess?: (result: T) => void;
}) {
  const { schema, failMessage, check, onSuccess } = options;
  const fetcher = useFetcher<T>();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const result = fetcher.data as T | undefined;
  const success = useCallback(() => {
    if (result?.ok) onSuccess?.(result);
  }, [result, onSuccess]);
  useActionToast(result, success);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = new FormData(event.currentTarget);
      const errors = check?.(form) ?? (schema ? formErrors(schema, form) : null);
      setClientErrors(errors);
      if (errors) {
        event.preventDefault();
        toast.error("Error", { description: typeof failMessage === "function" ? failMessage(errors) : failMessage });
      }
    },
    [check, schema, failMessage],
  );

  const errors = clientErrors ?? (result && !result.ok && fetcher.state === "idle" ? (result.fieldErrors ?? {}) : {});
  return { fetcher, errors, onSubmit, busy: fetcher.state !== "idle", result, clearErrors: () => setClientErrors(null) };
}
