import { createContext, useContext, type ReactNode } from "react";

// The response's script nonce for our own inline scripts. On the server entry.server provides it;
// in the browser entry.client provides the document's (read from the `nonce` property: browsers
// hide the attribute once parsed, and React compares the property), so hydration matches.
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext value={nonce}>{children}</NonceContext>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/** In the browser: the nonce the document was served with (the `nonce` property survives hiding). */
export function documentNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/**
 * Admin-trusted HTML (ad code) with this response's nonce on each <script> tag, so its scripts run
 * under the policy as they would on a page without one. Only for HTML the admin wrote.
 */
export function withScriptNonce(html: string, nonce: string | undefined): string {
  if (nonce === undefined) return html;
  // ours goes first: with a duplicate attribute the HTML parser keeps the first
  return html.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}
