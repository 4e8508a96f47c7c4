import { useEffect, useState } from "react";
import { registerServiceWorker } from "#app/lib/pwa/register.ts";

/** Registers the service worker and, when a new version waits, offers to reload into it (decision 049). */
export function UpdateBanner() {
  const [accept, setAccept] = useState<(() => void) | null>(null);
  useEffect(() => registerServiceWorker((next) => setAccept(() => next)), []);
  if (!accept) return null;
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <span>A new version is available — reload to use it.</span>
      <button type="button" onClick={accept} className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700">
        Reload
      </button>
    </div>
  );
}
