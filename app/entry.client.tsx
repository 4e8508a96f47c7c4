import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentNonce, NonceProvider } from "./lib/csp-nonce.tsx";

/**
 * On a tool page, fetch the tool's lazily loaded UI before hydrating, so the tool hydrates with
 * the page instead of a round trip later (when typing into it would not yet reach React).
 * pages.ts is in the tool route's own chunk, so other pages download nothing more.
 */
async function preloadToolUi(): Promise<void> {
  const slug = /^\/tool\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
  if (!slug) return;
  try {
    const { preloadToolPage } = await import("./tools/pages.ts");
    await preloadToolPage(decodeURIComponent(slug));
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
