import { createContext, useContext, type ReactNode } from "react";

// The site's stylesheet, inlined into each page's <head> in production (issue 33: one render-blocking
// request fewer; Lighthouse counted ~150 ms of it on a mobile connection). entry.server provides
// the built file's text (./inline-css.server.ts); in the browser there is none: React 19 adopts
// the server's <style href precedence> as the resource it renders and never replaces its text, so
// the CSS is not in any script bundle.
const InlineCssContext = createContext<string>("");

export function InlineCssProvider({ css, children }: { css: string; children: ReactNode }) {
  return <InlineCssContext value={css}>{children}</InlineCssContext>;
}

/** The stylesheet's text on the server, "" in the browser. */
export function useInlineCss(): string {
  return useContext(InlineCssContext);
}
