import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { errorBoundary } from "./components/route-error-boundary.tsx";
import { THEME_SCRIPT } from "./components/site/theme-toggle.tsx";
import { useSiteThemeCss } from "./components/site/use-site-shell.ts";
import { useNonce } from "./lib/csp-nonce.tsx";
// `?url`: the stylesheet is rendered below with a React `precedence`, which React 19 puts in <head>
// before the module preloads, so the render-blocking CSS is requested first.
import stylesheetUrl from "./app.css?url";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const themeCss = useSiteThemeCss();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={stylesheetUrl} precedence="default" />
        {/* after the stylesheet; only #rrggbb values that passed the contrast check (style-src allows inline) */}
        {themeCss ? <style id="site-theme" dangerouslySetInnerHTML={{ __html: themeCss }} /> : null}
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

export const ErrorBoundary = errorBoundary("page", ({ status }) => ({
  title: String(status),
  text: status === 404 ? "Oops! Page not found" : "Something went wrong. Please try again.",
  link: { to: "/", label: "Return to Home" },
}));
