import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentNonce, NonceProvider } from "./lib/csp-nonce";

/**
 * On a tool page, fetch the tool's lazily loaded UI before hydrating, so the tool hydrates with
 * the page instead of a round trip later (when typing into it would not yet reach React).
 * The registry chunk is the tool route's own, so other pages download nothing more.
 */
async function preloadToolUi(): Promise<void> {
  const slug = /^\/tool\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
  if (!slug) return;
  try {
    const { findTool } = await import("./tools/registry");
    await findTool(decodeURIComponent(slug))?.load?.();
  } catch {
    // hydrate anyway; the tool then loads through its Suspense boundary
  }
}

void preloadToolUi().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceProvider nonce={documentNonce()}>
          <HydratedRouter />
        </NonceProvider>
      </StrictMode>,
    );
  }),
);
