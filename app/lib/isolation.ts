// Cross-origin isolation of the tool pages whose engines share memory between threads (decision
// 059). Isolation belongs to a document, set by the response that loaded it: a client-side
// navigation keeps the document it started in. So a link that crosses the boundary (into an
// isolated tool page from another page, or out of one) is left to the browser as a full load,
// and frames in an isolated document are made `credentialless`, the one way another site's frame
// (an ad) loads there without opting in.

/** The addresses of the isolated tool pages, canonical and aliases. */
export function isolatedToolPaths(tools: readonly { slug: string; aliases: readonly string[]; threads?: true }[]): string[] {
  return tools.filter((tool) => tool.threads).flatMap((tool) => [tool.slug, ...tool.aliases].map((slug) => `/tool/${slug}`));
}

/** Whether the page at `pathname` is served isolated. */
export const isIsolatedPath = (pathname: string, isolatedPaths: readonly string[]) => isolatedPaths.includes(pathname.replace(/\/+$/, "") || "/");

/** Whether going from the document loaded at `documentPath` to `targetPath` needs a new document. */
export function crossesIsolation(documentPath: string, targetPath: string, isolatedPaths: readonly string[]): boolean {
  return isIsolatedPath(documentPath, isolatedPaths) !== isIsolatedPath(targetPath, isolatedPaths);
}

/** `html` (an admin's ad code) with the `credentialless` attribute on every frame that lacks it. */
export function withCredentiallessFrames(html: string): string {
  return html.replace(/<iframe\b(?![^>]*\scredentialless\b)/gi, "<iframe credentialless");
}

/**
 * Run first in an isolated document with ads or analytics: every frame a script creates (the
 * AdSense loader makes its ad frames with createElement) starts `credentialless`, before it has a
 * source. Elsewhere it does nothing, so ads keep their cookies on the other pages.
 */
export const CREDENTIALLESS_FRAMES_SCRIPT =
  'if(self.crossOriginIsolated){const c=Document.prototype.createElement;Document.prototype.createElement=function(n,o){const e=c.call(this,n,o);if(String(n).toLowerCase()==="iframe")e.credentialless=true;return e}}';

/**
 * The inline script that starts AdSense: the frame hook first, then Google's loader added by it, so
 * the hook is in place before Google's code runs whatever order the browser fetches things in (an
 * `async` script element in the page would be hoisted to the head, ahead of the hook).
 */
export function adsenseBootstrapScript(loaderUrl: string): string {
  const url = JSON.stringify(loaderUrl).replaceAll("<", "\\u003c");
  return `${CREDENTIALLESS_FRAMES_SCRIPT};(()=>{const s=document.createElement("script");s.async=true;s.crossOrigin="anonymous";s.src=${url};s.nonce=document.currentScript.nonce;document.head.appendChild(s)})();`;
}
