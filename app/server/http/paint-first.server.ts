/**
 * Paint first, then hydrate (decisions 068, 069): a rendered document's scripts are fetched only after
 * its first paint, so the stylesheet and the HTML have the connection to themselves until the
 * page is on screen. The page is complete without them (server-rendered, links and forms work);
 * the scripts then make it interactive.
 *
 * React Router's `<Scripts>` writes `<link rel="modulepreload">` for every chunk (React hoists them
 * into <head>) and one inline module script whose static imports start the route modules' fetch as
 * soon as it is parsed. Both are rewritten here, on the finished document's text:
 * - the preload links are taken out of <head>;
 * - the inline script waits for the first contentful paint, then imports every preloaded chunk, a
 *   few per task (decision 070), but the entry (whose evaluation hydrates the page, so it stays
 *   last, as React Router's own code imports it); it binds the route modules
 *   (dynamic imports; top-level await), and then runs its own code unchanged. An `import()`
 *   fetches a chunk as the link did, at a fraction of the cost: Chromium spends about 3 ms of a
 *   throttled phone's main thread per inserted modulepreload link (decision 069).
 *
 * A document without React Router's script (an error page) is returned unchanged. A script whose
 * shape is not the expected one is also left as it is, so the page still hydrates as before.
 */

import { Transform } from "node:stream";

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const ROUTER_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([^<]*?window\.__reactRouterRouteModules[^<]*?)(<\/script>)/;
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from ("[^"\\]+");\s*$/gm;
/** React Router's own dynamic import: the entry module, which hydrates the page when evaluated. */
const ENTRY_IMPORT = /\bimport\(("[^"\\]+")\)/g;

/**
 * Waits for the page's first contentful paint, as the browser reports it (after the frame is
 * presented, not when the main thread has painted it: on a slow device those are tens of
 * milliseconds apart). A hidden tab paints nothing, so it does not wait there, nor after it
 * becomes hidden; nor where paint timing is not reported; nor longer than 3 s in any case.
 */
const AFTER_FIRST_PAINT =
  "await new Promise((go) => { " +
  'if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return go(); ' +
  'document.addEventListener("visibilitychange", go, { once: true }); setTimeout(go, 3000); ' +
  'new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); go(); } })' +
  '.observe({ type: "paint", buffered: true }); });';

/**
 * Each `import()` costs the main thread up to 0.5 ms (a module request and a fetch), so a page's
 * dozen would be one task of several milliseconds, four times that on a throttled phone: they are
 * started a few at a time, yielding to the browser in between (decision 070).
 */
const IMPORTS_PER_TASK = 4;

/**
 * The statements that fetch every chunk (as the links did) and bind the route modules.
 * `chunks` are the shared ones: evaluating them early runs no page code; a failure to load one
 * is reported by the import that needs it.
 */
function deferredImports(chunks: readonly string[], routeImports: readonly { name: string; specifier: string }[]): string {
  const early =
    chunks.length > 0
      ? `for (const [i, chunk] of ${JSON.stringify(chunks)}.entries()) { ` +
        `if (i > 0 && i % ${IMPORTS_PER_TASK} === 0) await new Promise((next) => setTimeout(next)); ` +
        "import(chunk).catch(() => {}); }\n"
      : "";
  const names = routeImports.map((r) => r.name).join(", ");
  const imports = routeImports.map((r) => `import(${r.specifier})`).join(", ");
  return `${AFTER_FIRST_PAINT}\n${early}const [${names}] = await Promise.all([${imports}]);\n`;
}

export function paintFirst(html: string): string {
  const script = ROUTER_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const routeImports = [...body.matchAll(ROUTE_IMPORT)].map((m) => ({ name: m[1]!, specifier: m[2]! }));
  if (routeImports.length === 0) return html;

  // React hoists the preloads into <head>, before the script
  const head = html.slice(0, script.index);
  const preloads = [...head.matchAll(PRELOAD_LINK)].map((m) => m[1]!);
  const importedLater = new Set([...routeImports.map((r) => r.specifier), ...[...body.matchAll(ENTRY_IMPORT)].map((m) => m[1]!)].map((quoted) => JSON.parse(quoted) as string));
  const chunks = preloads.filter((href) => !importedLater.has(href));
  const rewritten = open + deferredImports(chunks, routeImports) + body.replace(ROUTE_IMPORT, "") + close;
  return head.replace(PRELOAD_LINK, "") + rewritten + html.slice(script.index + whole.length);
}

/**
 * A stream that passes a rendered document through `paintFirst`: it holds the document's text
 * until React has written all of it (the preloads come first, the script last) and then calls
 * `onEnd` and writes it. A document is tens of kilobytes and rendered in one go (no Suspense
 * boundary streams on the server), so holding it costs no first byte.
 */
export function paintFirstStream(onEnd: () => void): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      callback();
    },
    flush(callback) {
      onEnd();
      callback(null, paintFirst(Buffer.concat(chunks).toString("utf8")));
    },
  });
}
