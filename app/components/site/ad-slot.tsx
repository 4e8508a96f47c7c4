import { useEffect, useRef } from "react";
import type { AdPlacement, AdsConfig } from "#app/lib/ads-config.ts";
import { documentNonce, useNonce, withScriptNonce } from "#app/lib/csp-nonce.tsx";

/** Slot sizes by kind: `sidebar` is the left/right sidebars, `sidebar-large` the tools-page sidebar. */
export const AD_SIZES = {
  banner: { width: 728, height: 90 },
  sidebar: { width: 60, height: 600 },
  "sidebar-large": { width: 300, height: 600 },
  inline: { width: 728, height: 90 },
} as const;

export type AdKind = keyof typeof AD_SIZES;

/** Ad scripts already run (by the parser with the page, or re-created here): never run twice. */
const ranScripts = new WeakSet<HTMLScriptElement>();

/**
 * One ad placement: the admin's HTML (raw by design, admin-only) at the spec's size, a quiet
 * placeholder when enabled without code, nothing when disabled. Scripts in the code carry the
 * page's nonce: the server puts it on each <script> tag, so they run as the page is parsed; scripts
 * React inserts in the browser (after a client-side navigation) never run by themselves, so they
 * are re-created after mount.
 */
export function AdSlot({ ads, placement, kind, className = "" }: { ads: AdsConfig; placement: AdPlacement; kind: AdKind; className?: string }) {
  const slot = ads[placement];
  const ref = useRef<HTMLDivElement>(null);
  const nonce = useNonce();
  // rendered while the page hydrates: its scripts came with the HTML and the parser ran them
  const parsedWithPage = useRef(typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true");
  useEffect(() => {
    const host = ref.current;
    if (!host || !slot.enabled || !slot.code) return;
    for (const old of host.querySelectorAll("script")) {
      if (ranScripts.has(old)) continue;
      if (parsedWithPage.current) {
        ranScripts.add(old);
        continue;
      }
      const fresh = document.createElement("script");
      for (const attr of old.attributes) if (attr.name !== "nonce") fresh.setAttribute(attr.name, attr.value);
      fresh.nonce = documentNonce();
      fresh.text = old.text;
      ranScripts.add(fresh);
      old.replaceWith(fresh);
    }
    parsedWithPage.current = false;
  }, [slot.enabled, slot.code]);
  if (!slot.enabled) return null;
  const { width, height } = AD_SIZES[kind];
  return (
    <aside
      aria-label="Advertisement"
      data-ad-slot={placement}
      className={`mx-auto flex max-w-full items-center justify-center overflow-hidden ${className}`}
      style={{ width, height }}
    >
      {slot.code ? (
        <div ref={ref} className="h-full w-full" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: withScriptNonce(slot.code, nonce) }} />
      ) : (
        <div className="flex h-full w-full items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
          Advertisement
        </div>
      )}
    </aside>
  );
}
