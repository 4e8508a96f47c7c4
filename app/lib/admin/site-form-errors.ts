import type { z } from "zod";

/** Form fields as the server's parseForm sees them: repeated keys become arrays, files stay File. */
function formValues(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    out[key] = all.length > 1 ? all : (all[0] as FormDataEntryValue);
  }
  return out;
}

/** The browser's check with the action's schema: the first message per field, or null when valid. */
export function formErrors(schema: z.ZodType, form: FormData): Record<string, string> | null {
  const result = schema.safeParse(formValues(form));
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
