import { data } from "react-router";
import type { z } from "zod";

/** What every admin action answers: a message for the toast, and field errors for the form. */
export type ActionResult = { ok: true; message: string; intent?: string } | { ok: false; message: string; fieldErrors?: Record<string, string>; intent?: string };

export function ok(message: string, intent?: string) {
  return { ok: true, message, intent } satisfies ActionResult;
}

/** 400 with the message (and field messages) the form shows; the action stops here. */
export function fail(message: string, fieldErrors?: Record<string, string>, status = 400, intent?: string) {
  return data({ ok: false, message, fieldErrors, intent } satisfies ActionResult, { status });
}

/** The request's form, or null when the body is not a readable form (wrong type, cut off, too big). */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export const FORM_UNREADABLE = "The form could not be read. Please try again.";

/** The file a file input posted, or null: an input left empty still posts a nameless, empty file. */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

/** FormData as a plain object: repeated keys become arrays, files stay File. */
export function formObject(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    out[key] = all.length > 1 ? all : (all[0] as FormDataEntryValue);
  }
  return out;
}

/**
 * Parse a form with the schema the browser also uses. On failure the result carries the 400 answer
 * with the first message per field; the action returns it (a thrown answer would go to the error
 * boundary instead of the form): `const parsed = parseForm(form, schema); if (!parsed.ok) return parsed.answer;`
 */
export function parseForm<S extends z.ZodType>(
  form: FormData,
  schema: S,
  message = "Please correct the highlighted fields.",
): { ok: true; data: z.infer<S> } | { ok: false; answer: ReturnType<typeof fail> } {
  const result = schema.safeParse(formObject(form));
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, answer: fail(message, fieldErrors) };
}

/** A positive whole-number id from a form field or URL param, or null. */
export function parseId(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const INVALID_ID = "Missing or invalid id.";

/** 404 for a missing row, thrown early. */
export function notFound(what: string): never {
  throw data({ ok: false, message: `${what} not found` } satisfies ActionResult, { status: 404 });
}
