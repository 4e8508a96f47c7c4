import { AlertDialog } from "radix-ui";
import { useEffect, type RefObject } from "react";
import { useBlocker } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";

export const LEAVE_TEXTS = {
  title: "Leave without saving?",
  text: "You have unsaved changes. If you leave this page now, they will be lost.",
  stay: "Stay on this page",
  leave: "Leave",
} as const;

/**
 * Warns before an editor with unsaved changes is left (issue 29): a link or Back inside the app asks
 * in a dialog (useBlocker), closing or reloading the tab asks the browser's own question
 * (beforeunload). `dirtyRef` is read at the moment of leaving, so a save that just finished never asks.
 */
export function LeaveGuard({ dirty, dirtyRef }: { dirty: boolean; dirtyRef: RefObject<boolean> }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when returnValue is set
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const open = blocker.state === "blocked";
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (!next && blocker.state === "blocked" ? blocker.reset() : undefined)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{LEAVE_TEXTS.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{LEAVE_TEXTS.text}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>{LEAVE_TEXTS.stay}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass("danger")} onClick={() => blocker.proceed?.()}>
              {LEAVE_TEXTS.leave}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
