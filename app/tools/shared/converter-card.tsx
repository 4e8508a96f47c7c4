import type { ReactNode } from "react";

/** The common converter frame: the input area, a Convert button and the result. */
export function ConverterCard({ children, result }: { children: ReactNode; result?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      {children}
      {result ? (
        <div className="mt-6 rounded-lg bg-brand-50 p-4 text-center dark:bg-slate-800" role="status" aria-live="polite">
          {result}
        </div>
      ) : null}
    </div>
  );
}

export const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-lg tabular-nums focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950";
