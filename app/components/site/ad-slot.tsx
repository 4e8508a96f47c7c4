import { useEffect, useRef } from "react";
import type { AdPlacement, AdsConfig } from "~/lib/ads-config";
import { documentNonce, useNonce, withScriptNonce } from "~/lib/csp-nonce";

/** Spec §9 slot sizes by kind. */
export const AD_SIZES = {
  banner: { width: 728, height: 90 },
  sidebar: { width: 60, height: 600 },
  "sidebar-large": { width: 300, height: 600 },
  inline: { width: 728, height: 90 },
} as const;

export type AdKind = keyof typeof AD_SIZES;

/**
 * One ad placement: the admin's HTML (raw by design, admin-only) at the spec's size, a quiet
 * placeholder when enabled without code, nothing when disabled. Scripts in the code carry the
 * page's nonce: the server puts it on each <script> tag, so they run as the page is parsed; scripts
 * React inserted in the browser (after a client-side navigation) never run by themselves, so they
 * are re-created after mount with the document's nonce.
 */
export function AdSlot({ ads, placement, kind, className = "" }: { ads: AdsConfig; placement: AdPlacement; kind: AdKind; className?: string }) {
  const slot = ads[placement];
  const ref = useRef<HTMLDivElement>(null);
  const nonce = useNonce();
  useEffect(() => {
    const host = ref.current;
    if (!host || !slot.enabled || !slot.code) return;
    for (const old of host.querySelectorAll("script")) {
      // a nonce means the parser met it in the served page: it has run already
      if (old.nonce) continue;
      const fresh = document.createElement("script");
      for (const attr of old.attributes) fresh.setAttribute(attr.name, attr.value);
      fresh.nonce = documentNonce();
      fresh.text = old.text;
      old.replaceWith(fresh);
    }
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
