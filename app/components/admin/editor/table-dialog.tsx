import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SwitchField } from "#app/components/ui/switch-field.tsx";
import { EditorDialog } from "./editor-dialog.tsx";
import { checkTableDialog, MAX_TABLE_COLS, MAX_TABLE_ROWS, TABLE_DEFAULTS, type TableDialogValues } from "#app/lib/admin/table-dialog-schema.ts";

type Errors = Partial<Record<"rows" | "cols", string>>;

/**
 * "Insert table": rows and columns (at least 1; default 2 × 3) and a header-row switch
 * (on by default). The dialog is portalled out of the page's form and its own form never reaches
 * the page's: Enter inserts the table, it does not save the page.
 */
export function TableDialog({
  open,
  onOpenChange,
  onInsert,
  onAfterClose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (values: TableDialogValues) => void;
  /** Where focus goes once the dialog has closed (the editor, not the toolbar button). */
  onAfterClose: () => void;
}) {
  return (
    <EditorDialog open={open} onOpenChange={onOpenChange} onAfterClose={onAfterClose} title="Insert table" description="Choose the size of the new table." contentClassName="max-w-sm">
      {/* mounted on every opening, so each starts from the defaults */}
      <TableForm
        onInsert={(values) => {
          onInsert(values);
          onOpenChange(false);
        }}
      />
    </EditorDialog>
  );
}

function TableForm({ onInsert }: { onInsert: (values: TableDialogValues) => void }) {
  const [rows, setRows] = useState(String(TABLE_DEFAULTS.rows));
  const [cols, setCols] = useState(String(TABLE_DEFAULTS.cols));
  const [headerRow, setHeaderRow] = useState<boolean>(TABLE_DEFAULTS.headerRow);
  const [errors, setErrors] = useState<Errors>({});

  // Once a message shows, it follows the value as it is corrected.
  const recheck = (next: { rows: string; cols: string }) => {
    if (!errors.rows && !errors.cols) return;
    const result = checkTableDialog({ ...next, headerRow });
    setErrors(result.ok ? {} : result.errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const result = checkTableDialog({ rows, cols, headerRow });
    if (result.ok) onInsert(result.values);
    else setErrors(result.errors);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Rows"
          name="rows"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TABLE_ROWS}
          step={1}
          value={rows}
          error={errors.rows}
          onChange={(e) => {
            setRows(e.target.value);
            recheck({ rows: e.target.value, cols });
          }}
        />
        <Field
          label="Columns"
          name="cols"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TABLE_COLS}
          step={1}
          value={cols}
          error={errors.cols}
          onChange={(e) => {
            setCols(e.target.value);
            recheck({ rows, cols: e.target.value });
          }}
        />
      </div>
      <SwitchField
        label="Header row"
        name="headerRow"
        checked={headerRow}
        onCheckedChange={setHeaderRow}
        description="The first row holds column headings."
      />
      <div className="mt-2 flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit">Insert</Button>
      </div>
    </form>
  );
}
