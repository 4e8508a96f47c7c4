import { data as withInit, Outlet } from "react-router";
import { AdSlot } from "#app/components/site/ad-slot.tsx";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";
import { UpdateBanner } from "#app/components/site/update-banner.tsx";
import { useIsolationBoundary } from "#app/components/site/isolation-boundary.ts";
import { useNonce } from "#app/lib/csp-nonce.tsx";
import { adsenseBootstrapScript, CREDENTIALLESS_FRAMES_SCRIPT } from "#app/lib/isolation.ts";
import { allowInPolicy } from "#app/server/http/csp-context.server.ts";
import { loadSiteShell, PUBLIC_PAGE_HEADERS } from "#app/server/site-shell.server.ts";
import type { Route } from "./+types/layout";
import { errorBoundary } from "#app/components/route-error-boundary.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shell = await loadSiteShell(request);
  // the policy lets in Google's hosts only while the admin has these switched on
  allowInPolicy(context, { adsense: shell.adsenseScript !== null, analytics: shell.site.googleAnalytics !== "" });
  // an admin's page shows the empty ad slots' outlines: it is theirs alone, never stored by a cache
  return shell.adminView ? withInit(shell, { headers: { "Cache-Control": "private, no-store" } }) : shell;
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  if (errorHeaders) return errorHeaders;
  return loaderHeaders.has("Cache-Control") ? loaderHeaders : PUBLIC_PAGE_HEADERS;
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico", sizes: "any" }];

/** Google tag, only when the admin set an id (no third-party request otherwise). */
function Analytics({ id, nonce }: { id: string; nonce: string | undefined }) {
  if (!id) return null;
  return (
    <>
      <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`} />
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config",${JSON.stringify(id)});`,
        }}
      />
    </>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { site, headerMenu, footerMenu, ads, year, adsenseScript, isolatedPaths } = loaderData;
  const nonce = useNonce();
  useIsolationBoundary(isolatedPaths);
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      {site.searchConsole ? <meta name="google-site-verification" content={site.searchConsole} /> : null}
      {site.icon ? <link rel="icon" href={site.icon} /> : null}
      {/* installable (decision 049): the manifest, and the brand colour for the browser's own UI */}
      <link rel="manifest" href="/manifest.webmanifest" />
      <meta name="theme-color" content={site.themeColor} />
      {/* the blog's feed, for readers that look for it on any page (issue 29) */}
      <link rel="alternate" type="application/rss+xml" title={`${site.name} – Blog`} href="/rss.xml" />
      {site.customCss ? <style dangerouslySetInnerHTML={{ __html: site.customCss }} /> : null}
      {/* Google's frames start credentialless in an isolated document (decision 060): the hook runs before their scripts */}
      {adsenseScript ? (
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: adsenseBootstrapScript(adsenseScript) }} />
      ) : site.googleAnalytics ? (
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CREDENTIALLESS_FRAMES_SCRIPT }} />
      ) : null}
      <Analytics id={site.googleAnalytics} nonce={nonce} />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900">
        Skip to content
      </a>
      <SiteHeader siteName={site.name} siteUrl={site.url} logo={site.logo} menu={headerMenu} />
      <div className="mx-auto flex w-full max-w-[1600px] flex-1 gap-6 px-0 xl:px-4">
        <div className="hidden shrink-0 pt-8 xl:block">
          <AdSlot ads={ads} placement="leftSidebar" kind="sidebar" className="sticky top-24" />
        </div>
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
        <div className="hidden shrink-0 pt-8 xl:block">
          <AdSlot ads={ads} placement="rightSidebar" kind="sidebar" className="sticky top-24" />
        </div>
      </div>
      <SiteFooter
        siteName={site.name}
        tagline={site.tagline}
        logo={site.logo}
        contactEmail={site.contactEmail}
        footerText={site.footerText}
        menu={footerMenu}
        year={year}
      />
      <UpdateBanner />
      {site.customJs ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: site.customJs }} /> : null}
    </div>
  );
}

export const ErrorBoundary = errorBoundary("page", ({ status, data }) => {
  if (status !== 503) return { title: "Something went wrong", text: "Please try again in a moment.", link: { to: "/", label: "Return to Home" } };
  const siteName = (data as { siteName?: unknown } | null)?.siteName;
  const who = typeof siteName === "string" && siteName ? `${siteName} is` : "The site is";
  return { title: "We'll be back soon", text: `${who} down for scheduled maintenance. Please try again in a little while.` };
});
