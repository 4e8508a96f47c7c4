import { z } from "zod";
import { checkForm } from "#app/lib/forms.ts";

// The values of the editor's "Insert table" dialog (app/components/admin/editor/table-dialog.tsx), without
// React: rows and columns at least 1, default 2 rows × 3 columns with a header row. Upper limits keep a typo (300 instead of 3) from freezing the tab.

export const TABLE_DEFAULTS = { rows: 2, cols: 3, headerRow: true } as const;
export const MAX_TABLE_ROWS = 100;
export const MAX_TABLE_COLS = 20;

const count = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the number of ${label.toLowerCase()}.`)
    .regex(/^-?\d+$/, `${label} must be a whole number.`)
    .transform(Number)
    .pipe(z.number().min(1, `${label} must be at least 1.`).max(max, `${label} can be at most ${max}.`));

/** What the dialog's inputs give (strings from number inputs, the switch as a boolean). */
export const tableDialogSchema = z.object({
  rows: count("Rows", MAX_TABLE_ROWS),
  cols: count("Columns", MAX_TABLE_COLS),
  headerRow: z.boolean(),
});

export type TableDialogInput = z.input<typeof tableDialogSchema>;
export type TableDialogValues = z.output<typeof tableDialogSchema>;

/** Field messages (first per field) or the values to insert. */
export function checkTableDialog(
  input: TableDialogInput,
): { ok: true; values: TableDialogValues } | { ok: false; errors: Partial<Record<"rows" | "cols", string>> } {
  const checked = checkForm(tableDialogSchema, input);
  if (checked.ok) return { ok: true, values: checked.data };
  const { rows, cols } = checked.fieldErrors;
  return { ok: false, errors: { ...(rows ? { rows } : {}), ...(cols ? { cols } : {}) } };
}
