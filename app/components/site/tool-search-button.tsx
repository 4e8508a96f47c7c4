import { Search } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";

// The palette's code loads on first use, keeping it out of every page's first download.
const ToolPalette = lazy(() => import("./tool-palette.tsx"));

/** A header button and the Ctrl/Cmd+K shortcut that open the tool search on any public page. */
export function ToolSearchButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setUsed(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-label="Search tools (Ctrl+K)"
        title="Search tools (Ctrl+K)"
        className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Search className="h-5 w-5" aria-hidden="true" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ToolPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
