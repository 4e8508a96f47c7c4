import type { z } from "zod";

// The one form toolkit, browser-safe: the admin screens check a form with the same schema and the same
// reading of FormData as their server actions (app/server/admin/form.server.ts builds on this).

/** One message per field, keyed by the field's name ("form" for errors about the whole form). */
export type FieldErrors = Record<string, string>;

/** A field as the schemas see it: one value, or an array when the key was posted more than once. */
export type FormValue = FormDataEntryValue | FormDataEntryValue[];

/**
 * What every admin action answers and every admin form reads: a message for the toast, the field
 * messages for the form (only on failure) and the intent of the form that was sent.
 */
export type ActionResult = { ok: true; message: string; intent?: string } | { ok: false; message: string; fieldErrors?: FieldErrors; intent?: string };

/** The outcome of checking a form: the parsed data, or one message per field and the first of them. */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors; firstMessage: string };

/**
 * FormData as a plain object: repeated keys become arrays (in posting order), files stay File, empty
 * strings stay "" and an unchecked checkbox is simply absent (the schema decides what that means).
 */
export function formObject(form: FormData): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    // defined, not assigned: a field named "__proto__" stays a field instead of replacing the prototype
    Object.defineProperty(out, key, { value: all.length > 1 ? all : all[0], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The first message per field of a zod error, in issue order; an issue without a path is the form's. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

/** Check a form (or already-gathered values) with a schema. */
export function checkForm<S extends z.ZodType>(schema: S, input: FormData | Record<string, unknown>): FormCheck<z.infer<S>> {
  const result = schema.safeParse(input instanceof FormData ? formObject(input) : input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors = fieldErrorsOf(result.error);
  return { ok: false, fieldErrors, firstMessage: result.error.issues[0]?.message ?? "" };
}

/** The browser's check before a submit: the field messages, or null when the form is valid. */
export function formErrors(schema: z.ZodType, form: FormData): FieldErrors | null {
  const checked = checkForm(schema, form);
  return checked.ok ? null : checked.fieldErrors;
}
