import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

/**
 * The rich editor's modal shell (Insert table, Insert image): title, description, and focus handed
 * back to the editor on close (not to the toolbar button), which is what `onAfterClose` does.
 */
export function EditorDialog({
  open,
  onOpenChange,
  onAfterClose,
  title,
  description,
  contentClassName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAfterClose: () => void;
  title: string;
  description: string;
  /** width and scrolling of the box */
  contentClassName: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl ${contentClassName}`}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onAfterClose();
          }}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
