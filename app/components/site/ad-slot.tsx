import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { AD_PLACEMENT_LABELS } from "#app/lib/ad-placement-labels.ts";
import type { AdPlacement, AdsConfig } from "#app/lib/ads-config.ts";
import { documentNonce, useNonce, withScriptNonce } from "#app/lib/csp-nonce.tsx";
import { isIsolatedPath, withCredentiallessFrames } from "#app/lib/isolation.ts";
import { useSiteShell } from "./use-site-shell.ts";

/** Slot sizes by kind: `sidebar` is the left/right sidebars, `sidebar-large` the tools-page sidebar. */
export const AD_SIZES = {
  banner: { width: 728, height: 90 },
  sidebar: { width: 60, height: 600 },
  "sidebar-large": { width: 300, height: 600 },
  inline: { width: 728, height: 90 },
} as const;

export type AdKind = keyof typeof AD_SIZES;

/**
 * What a placement shows (issue 29, finding 3): its code when it has some; an enabled slot without
 * code is nothing for visitors and a labelled outline for a signed-in admin, so the owner can still
 * see where slots go; a disabled slot is nothing.
 */
export type AdSlotView = "code" | "outline" | "none";

export function adSlotView(slot: { enabled: boolean; code: string }, adminView: boolean): AdSlotView {
  if (!slot.enabled) return "none";
  if (slot.code.trim()) return "code";
  return adminView ? "outline" : "none";
}

/** Ad scripts already run (by the parser with the page, or re-created here): never run twice. */
const ranScripts = new WeakSet<HTMLScriptElement>();

/**
 * One ad placement: the admin's HTML (raw by design, admin-only) at the spec's size, never wider than
 * the screen (a 728 px banner shrinks to the width there is, and images and frames in the code with it).
 * Scripts in the code carry the page's nonce: the server puts it on each <script> tag, so they run as
 * the page is parsed; scripts React inserts in the browser (after a client-side navigation) never run
 * by themselves, so they are re-created after mount.
 */
export function AdSlot({ ads, placement, kind, className = "" }: { ads: AdsConfig; placement: AdPlacement; kind: AdKind; className?: string }) {
  const slot = ads[placement];
  const shell = useSiteShell();
  const view = adSlotView(slot, shell.adminView);
  // in a cross-origin isolated document another site's frame loads only when credentialless
  const isolated = isIsolatedPath(useLocation().pathname, shell.isolatedPaths);
  const ref = useRef<HTMLDivElement>(null);
  const nonce = useNonce();
  // rendered while the page hydrates: its scripts came with the HTML and the parser ran them
  const parsedWithPage = useRef(typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true");
  useEffect(() => {
    const host = ref.current;
    if (!host || view !== "code" || !slot.code) return;
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
  }, [view, slot.code]);
  if (view === "none") return null;
  const { width, height } = AD_SIZES[kind];
  // width: the slot's own up to the width there is; height: its own, or less when a banner shrinks
  const box = { width: "100%", maxWidth: width, minHeight: Math.min(height, 90) };
  if (view === "outline") {
    return (
      <aside
        aria-label={`Empty ad slot: ${AD_PLACEMENT_LABELS[placement]}`}
        data-ad-slot={placement}
        data-ad-outline=""
        className={`mx-auto flex min-w-0 items-center justify-center rounded border-2 border-dashed border-amber-400 bg-amber-50/60 p-2 text-center text-xs text-amber-900 dark:bg-amber-950/30 dark:text-amber-200 ${className}`}
        style={{ ...box, height: kind === "sidebar" || kind === "sidebar-large" ? height : undefined }}
      >
        <span>
          <a href="/admin/ads" className="font-medium underline decoration-dotted">
            Ad slot: {AD_PLACEMENT_LABELS[placement]}
          </a>
          {/* the narrow sidebars keep to the label */}
          {kind === "sidebar" ? null : <span className="block">No code yet: visitors see nothing here. Only admins see this outline.</span>}
        </span>
      </aside>
    );
  }
  return (
    <aside
      aria-label="Advertisement"
      data-ad-slot={placement}
      className={`mx-auto flex min-w-0 items-center justify-center overflow-hidden ${className}`}
      style={{ ...box, height: kind === "sidebar" || kind === "sidebar-large" ? height : undefined }}
    >
      <div
        ref={ref}
        className="h-full w-full [&_iframe]:max-w-full [&_img]:h-auto [&_img]:max-w-full"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: withScriptNonce(isolated ? withCredentiallessFrames(slot.code) : slot.code, nonce) }}
      />
    </aside>
  );
}
