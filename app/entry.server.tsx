import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./lib/csp-nonce.tsx";
import { paintFirstStream } from "./server/http/paint-first.server.ts";
import { cspRequestContext } from "./server/http/csp-context.server.ts";
import { documentPolicy, EMBEDDER_POLICY, frameAreaOf, newNonce } from "./server/http/security-headers.server.ts";

// React Router's default Node entry, plus the Content-Security-Policy: every document is rendered
// with the request's nonce (server/app.ts: fresh, or the page cache's placeholder that it replaces
// per reply) on React Router's, React's and our own inline scripts, and its policy says so.

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const state = loadContext.get(cspRequestContext);
  const nonce = state?.nonce ?? newNonce();
  responseHeaders.set(
    "Content-Security-Policy",
    documentPolicy({
      nonce,
      area: frameAreaOf(new URL(request.url).pathname),
      ...(state ? { features: state.features, https: state.https, dev: state.dev } : {}),
    }),
  );

  // a tool whose engines share memory between threads (decision 060)
  if (state?.features.isolated) responseHeaders.set("Cross-Origin-Embedder-Policy", EMBEDDER_POLICY);

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // crawlers and SPA mode get the whole page at once
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const ended = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // the scripts load after the first paint (decisions 068, 069), except in development
          const body = state?.dev
            ? new PassThrough({
                final(callback) {
                  ended();
                  callback();
                },
              })
            : paintFirstStream(ended);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // errors in the shell are logged by React Router; later ones only here
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
