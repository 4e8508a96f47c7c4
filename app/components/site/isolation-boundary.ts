import { useEffect } from "react";
import { crossesIsolation } from "#app/lib/isolation.ts";

/** The path of the URL this document was loaded from (a client-side navigation does not change it). */
function documentPath(): string {
  const [entry] = performance.getEntriesByType("navigation");
  return new URL(entry?.name ?? window.location.href).pathname;
}

/**
 * Lets the browser load a new document for a link into or out of a cross-origin isolated tool page
 * (decision 060): the click is stopped on its way down, before React Router's link handler sees it,
 * so nothing prevents the browser's own navigation. Other links stay client-side.
 */
export function useIsolationBoundary(isolatedPaths: readonly string[]): void {
  useEffect(() => {
    const loadedAt = documentPath();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      if (crossesIsolation(loadedAt, url.pathname, isolatedPaths)) event.stopPropagation();
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [isolatedPaths]);
}
