import type { z } from "zod";
import { formErrors, type ActionResult, type FieldErrors } from "#app/lib/forms.ts";

// The decisions behind useAdminForm (app/components/admin/use-admin-form.ts), kept pure so they are tested
// without a browser: what the browser checks before sending, and which field messages show.

/** How a form is checked in the browser before it is sent. */
export type BrowserCheck = {
  /** the action's own schema (the server parses the form with it again) */
  schema?: z.ZodType;
  /** a check of its own (a file's name, say); return field messages to stop the submit, null to go on to the schema */
  check?: (form: FormData) => FieldErrors | null;
};

/** The field messages that stop a submit, or null when the form may be sent. */
export function checkBeforeSending(form: FormData, { schema, check }: BrowserCheck): FieldErrors | null {
  return check?.(form) ?? (schema ? formErrors(schema, form) : null);
}

/**
 * The field messages the form shows: the browser's own while it has some (from the last stopped
 * submit, less the fields edited since), else those of the server's last answer once it has come
 * back (none while a submit is on its way).
 */
export function shownErrors(browserErrors: FieldErrors | null, result: ActionResult | undefined, idle: boolean): FieldErrors {
  if (browserErrors) return browserErrors;
  return result && !result.ok && idle ? (result.fieldErrors ?? {}) : {};
}

/** The errors without the given fields; the same object when none of them had a message (no re-render). */
export function withoutFields(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  if (!fields.some((field) => Object.hasOwn(errors, field))) return errors;
  const rest = { ...errors };
  for (const field of fields) delete rest[field];
  return rest;
}
