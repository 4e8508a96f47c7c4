import { describe, expect, it } from "vitest";
import { paintFirst, paintFirstStream } from "./paint-first.server.ts";

// The shape React Router 7 and React 19 write (taken from the production build's /blog, shortened).
const PRELOADS = ["/assets/entry.client-A.js", "/assets/framework-B.js", "/assets/site-C.js", "/assets/root-D.js", "/assets/blog-E.js"];
const ROUTER_SCRIPT_BODY = `;
import * as route0 from "/assets/root-D.js";
import * as route1 from "/assets/blog-E.js";
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-A.js", "imports": ["/assets/framework-B.js"] },
  "url": "/assets/manifest-1.js",
  "version": "1"
};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/blog":route1};

import("/assets/entry.client-A.js");`;

function documentText(scriptBody = ROUTER_SCRIPT_BODY, preloads = PRELOADS): string {
  const links = preloads.map((href) => `<link rel="modulepreload" href="${href}" nonce="N"/>`).join("");
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>` +
    `<title>Blog</title>${links}<script nonce="N">(function(){})()</script></head>` +
    `<body><main><p>Text</p></main><script nonce="N">window.__reactRouterContext = {};</script>` +
    `<script nonce="N" type="module" async="">${scriptBody}</script></body></html>`
  );
}

function routerScriptOf(html: string): string {
  const match = /<script nonce="N" type="module" async="">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error("no module script");
  return match[1]!;
}

type PaintList = { getEntriesByName: (name: string) => unknown[] };

/** Runs the rewritten script against a recording page: what it did, in order, and when. */
async function runScript(body: string, page: { visibilityState?: "visible" | "hidden"; paintTiming?: boolean } = {}) {
  const events: string[] = [];
  let observer: ((list: PaintList, self: { disconnect: () => void }) => void) | undefined;
  let timer: (() => void) | undefined;
  const document = {
    visibilityState: page.visibilityState ?? "visible",
    addEventListener: () => undefined,
  };
  const window: Record<string, unknown> = {};
  class PerformanceObserver {
    static supportedEntryTypes = page.paintTiming === false ? ["navigation"] : ["navigation", "paint"];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  // the 3 s limit on the wait for a paint is the test's to fire; a yield between imports runs at once
  const setTimeout = (callback: () => void, ms?: number) => {
    if (ms === undefined) {
      events.push("yield");
      setImmediate(callback);
      return;
    }
    expect(ms).toBe(3000);
    timer = callback;
  };
  const importModule = (specifier: string) => {
    events.push(`import ${specifier}`);
    return Promise.resolve({ specifier });
  };
  // An async function stands in for the module (top-level await); `import(` is routed to the recorder.
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const run = new AsyncFunction("document", "window", "PerformanceObserver", "setTimeout", "importModule", body.replaceAll("import(", "importModule("));
  const done = run(document, window, PerformanceObserver, setTimeout, importModule);
  let disconnected = false;
  return {
    events,
    window,
    done,
    paint: (name: string) => observer?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect: () => (disconnected = true) }),
    disconnected: () => disconnected,
    timeOut: () => timer?.(),
  };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("paintFirst", () => {
  it("takes React Router's preloads out of <head> and keeps everything else", () => {
    const html = paintFirst(documentText());
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain("<main><p>Text</p></main>");
    expect(html).toContain('<script nonce="N">window.__reactRouterContext = {};</script>');
    expect(routerScriptOf(html)).not.toMatch(/^\s*import \* as/m);
  });

  it("fetches nothing before the first contentful paint, then every chunk, then hydrates as before", async () => {
    const page = await runScript(routerScriptOf(paintFirst(documentText())));
    await flush();
    expect(page.events).toEqual([]);
    page.paint("first-paint");
    await flush();
    expect(page.events).toEqual([]); // a frame without text or pictures is not yet the page
    page.paint("first-contentful-paint");
    await page.done;
    expect(page.disconnected()).toBe(true);
    expect(page.events).toEqual([
      // the shared chunks, fetched at once; the entry (it hydrates) comes last, after the route modules
      "import /assets/framework-B.js",
      "import /assets/site-C.js",
      "import /assets/root-D.js",
      "import /assets/blog-E.js",
      "import /assets/entry.client-A.js",
    ]);
    expect(page.window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-D.js" },
      "routes/site/blog": { specifier: "/assets/blog-E.js" },
    });
  });

  it("starts four imports per task, yielding to the browser in between", async () => {
    const shared = ["/assets/framework-B.js", "/assets/site-C.js", "/assets/ui-F.js", "/assets/frame-G.js", "/assets/progress-H.js", "/assets/zip-I.js"];
    const page = await runScript(routerScriptOf(paintFirst(documentText(ROUTER_SCRIPT_BODY, [...PRELOADS, ...shared.slice(2)]))));
    page.paint("first-contentful-paint");
    await page.done;
    expect(page.events).toEqual([
      ...shared.slice(0, 4).map((chunk) => `import ${chunk}`),
      "yield",
      ...shared.slice(4).map((chunk) => `import ${chunk}`),
      "import /assets/root-D.js",
      "import /assets/blog-E.js",
      "import /assets/entry.client-A.js",
    ]);
  });

  it("waits at most 3 s for a paint that is not reported", async () => {
    const page = await runScript(routerScriptOf(paintFirst(documentText())));
    await flush();
    expect(page.events).toEqual([]);
    page.timeOut();
    await page.done;
    expect(page.events.at(-1)).toBe("import /assets/entry.client-A.js");
  });

  it("does not wait in a hidden tab, which paints nothing, nor where paint timing is not reported", async () => {
    for (const page of [await runScript(routerScriptOf(paintFirst(documentText())), { visibilityState: "hidden" }), await runScript(routerScriptOf(paintFirst(documentText())), { paintTiming: false })]) {
      await page.done;
      expect(page.events.at(-1)).toBe("import /assets/entry.client-A.js");
    }
  });

  it("leaves a document without React Router's script, or with a script of another shape, unchanged", () => {
    const errorPage = "<!DOCTYPE html><html><head><title>Error</title></head><body><p>Oops</p></body></html>";
    expect(paintFirst(errorPage)).toBe(errorPage);
    const otherShape = documentText(`window.__reactRouterRouteModules = {}; import("/assets/entry.client-A.js");`);
    expect(paintFirst(otherShape)).toBe(otherShape);
  });

  it("rewrites a document that arrives in pieces, and says when it has ended", async () => {
    const html = documentText();
    let ended = 0;
    const stream = paintFirstStream(() => ended++);
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk));
    const finished = new Promise((resolve) => stream.on("end", resolve));
    for (let at = 0; at < html.length; at += 97) stream.write(html.slice(at, at + 97));
    stream.end();
    await finished;
    expect(ended).toBe(1);
    expect(Buffer.concat(out).toString("utf8")).toBe(paintFirst(html));
  });
});
