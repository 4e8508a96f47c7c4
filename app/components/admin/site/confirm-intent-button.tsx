import type { ComponentProps } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import type { AdminFormHandle } from "#app/components/admin/use-admin-form.ts";

/**
 * A button that asks first, then posts `values` (an `intent` and its id, say) with one of the
 * screen's forms; disabled while that form is busy.
 */
export function ConfirmIntentButton({
  form,
  values,
  title,
  description,
  confirmLabel,
  ...button
}: Omit<ComponentProps<typeof Button>, "form" | "title"> & {
  form: AdminFormHandle;
  values: Record<string, string | number>;
  title: string;
  description: string;
  confirmLabel?: string;
}) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      {...(confirmLabel ? { confirmLabel } : {})}
      onConfirm={() => form.fetcher.submit(values, { method: "post" })}
      trigger={<Button disabled={form.busy} {...button} />}
    />
  );
}
