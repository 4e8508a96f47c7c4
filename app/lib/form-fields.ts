import { z } from "zod";

// zod pieces for form fields (FormData gives strings; checkboxes are absent when off).

/** A checkbox or switch: "on"/"true"/"1" → true, absent → false. */
export const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** Trimmed text, "" allowed. */
export const text = (max = 10_000) => z.string().trim().max(max, `At most ${max} characters`).default("");

/** Trimmed text that must not be empty. */
export const required = (label: string, max = 500) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);

/** A non-negative whole number from a text input. */
export const wholeNumber = (label: string, max = 1_000_000_000) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(max);
