import { useCallback, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { checkBeforeSending, shownErrors, withoutFields, type BrowserCheck } from "#app/lib/admin/admin-form-state.ts";
import type { ActionResult, FieldErrors } from "#app/lib/forms.ts";

export type AdminFormOptions<T extends ActionResult> = BrowserCheck & {
  /** the fetcher's key, for a form whose state outlives the component that renders it */
  key?: string;
  /** a toast when the browser's check stops the form (none when absent: the field messages say it) */
  stoppedToast?: string | ((errors: FieldErrors) => string);
  /** move the focus to the first field with a message when the browser's check stops the form */
  focusFirstError?: boolean;
  /** after a successful answer, once (after its toast) */
  onSuccess?: (result: T) => void;
  /** how an answer is told, once each; default the toast of its message (toastResult) */
  announce?: (result: T) => void;
};

/**
 * The one way an admin screen wires a form (or a button that posts): a fetcher to the route's action
 * whose answer (an ActionResult) is toasted once, the action's own schema checked in the browser before
 * sending, and the field messages to show (the browser's, else the server's).
 */
export function useAdminForm<T extends ActionResult = ActionResult>(options: AdminFormOptions<T> = {}) {
  const { key, schema, check, stoppedToast, focusFirstError, onSuccess, announce } = options;
  const fetcher = useFetcher<T>(key === undefined ? undefined : { key });
  const result = fetcher.data as T | undefined;
  const idle = fetcher.state === "idle";
  const success = useCallback(() => {
    if (result?.ok) onSuccess?.(result);
  }, [result, onSuccess]);
  useActionToast(result, success, announce);

  const [browserErrors, setBrowserErrors] = useState<FieldErrors | null>(null);
  const errors = shownErrors(browserErrors, result, idle);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const found = checkBeforeSending(new FormData(form), { schema, check });
      setBrowserErrors(found);
      if (!found) return;
      event.preventDefault();
      if (stoppedToast !== undefined) toast.error("Error", { description: typeof stoppedToast === "function" ? stoppedToast(found) : stoppedToast });
      const first = Object.keys(found)[0];
      if (focusFirstError && first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    },
    [schema, check, stoppedToast, focusFirstError],
  );

  /** Drop the messages of fields the user is editing; with no fields, the browser's messages give way to the server's. */
  const clearErrors = useCallback(
    (...fields: string[]) =>
      setBrowserErrors((current) => {
        if (fields.length === 0) return null;
        const base = current ?? shownErrors(null, result, idle);
        const rest = withoutFields(base, fields);
        return rest === base ? current : rest;
      }),
    [result, idle],
  );

  return { fetcher, result, errors, onSubmit, busy: !idle, clearErrors };
}

/** What a button that posts with one of the screen's forms needs of it. */
export type AdminFormHandle = Pick<ReturnType<typeof useAdminForm>, "fetcher" | "busy">;
