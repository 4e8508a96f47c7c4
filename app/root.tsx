import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { THEME_SCRIPT } from "./components/site/theme-toggle";
import { useNonce } from "./lib/csp-nonce";
import type { Route } from "./+types/root";
// `?url`: the stylesheet is rendered below with a React `precedence`, which React 19 puts in <head>
// before the module preloads, so the render-blocking CSS is requested first.
import stylesheetUrl from "./app.css?url";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={stylesheetUrl} precedence="default" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document interactive (browser tests wait for it before typing).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 404 ? "Oops! Page not found" : "Something went wrong. Please try again.";
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">{status}</h1>
      <p className="text-lg text-slate-600">{message}</p>
      <a href="/" className="text-brand-600 underline hover:text-brand-700">
        Return to Home
      </a>
    </main>
  );
}
