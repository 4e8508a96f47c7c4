import { data } from "react-router";
import { isolatedToolPaths } from "#app/lib/isolation.ts";
import { TOOLS } from "#app/tools/registry.ts";
import { parseAdsConfig } from "#app/lib/ads-config.ts";
import { themeCss } from "#app/lib/theme/site-theme.ts";
import { getSession } from "./auth/session.server.ts";
import { listMenu } from "./queries/site-content.server.ts";
import { siteSettings } from "./queries/settings.server.ts";
import { services } from "./services.server.ts";

/**
 * Public pages. Browsers revalidate every time (a cheap 304 with the ETag), so an admin's change
 * shows on the next visit; CDNs may keep a page a minute and serve it stale while refetching.
 * stale-while-revalidate goes only in CDN-Cache-Control (RFC 9213): in Cache-Control, browsers
 * would apply it too and show the old page once after each change.
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, must-revalidate, s-maxage=60";
export const PUBLIC_PAGE_CDN_CACHE = "max-age=60, stale-while-revalidate=300";
export const PUBLIC_PAGE_HEADERS = { "Cache-Control": PUBLIC_PAGE_CACHE, "CDN-Cache-Control": PUBLIC_PAGE_CDN_CACHE };
export const MAINTENANCE_RETRY_AFTER_SECONDS = 1800;

/** Whether the request carries better-auth's session cookie (with the __Secure- prefix on https). */
function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.get("cookie") ?? "");
}

/** What every public page needs: settings, menus, ads. Throws the 503 maintenance response when on. */
const ISOLATED_PATHS = isolatedToolPaths(TOOLS);

export async function loadSiteShell(request: Request) {
  const { db } = services().database;
  const [settings, headerMenu, footerMenu] = await Promise.all([siteSettings(db), listMenu(db, "header"), listMenu(db, "footer")]);
  const siteName = settings.siteName;
  // only a request with a session cookie can be an admin's (the page cache serves the others)
  const isAdmin = hasSessionCookie(request) && (await getSession(request))?.user.role === "admin";
  if (settings.maintenanceMode) {
    if (!isAdmin) {
      throw data(
        { maintenance: true, siteName },
        { status: 503, headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
      );
    }
  }
  const ads = parseAdsConfig(settings.adsConfig, (msg) => console.warn(`[settings] ${msg}`));
  const adsense = ads.googleAdsense;
  return {
    /** the AdSense loader when it is enabled with a well-formed publisher id, else null */
    adsenseScript:
      adsense.enabled && /^ca-pub-\d+$/.test(adsense.publisherId)
        ? `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${adsense.publisherId}`
        : null,
    origin: services().env.PUBLIC_URL,
    /** a signed-in admin's view: empty ad slots show as labelled outlines (never cached or shared, see the layout's headers) */
    adminView: isAdmin,
    year: new Date().getUTCFullYear(),
    site: {
      name: siteName,
      homeTitle: settings.homeTitle,
      titleTemplate: settings.titleTemplate,
      description: settings.siteDescription,
      keywords: settings.siteKeywords,
      tagline: settings.siteTagline,
      url: settings.siteUrl,
      logo: settings.siteLogo,
      icon: settings.siteIcon,
      ogImage: settings.ogImage,
      twitterHandle: settings.twitterHandle,
      contactEmail: settings.contactEmail,
      footerText: settings.footerText,
      customCss: settings.customCss,
      /** the owner's colours as CSS variables for the document head ("" for the stylesheet's own) */
      /** the brand colour for the browser's UI (theme-color) and the web app manifest */
      themeColor: settings.brandColor,
      themeCss: themeCss({ primary: settings.brandColor, dark: settings.brandDarkColor }),
      customJs: settings.customJs,
      googleAnalytics: /^[A-Z0-9-]{4,40}$/i.test(settings.googleAnalytics) ? settings.googleAnalytics : "",
      searchConsole: settings.googleSearchConsole,
    },
    headerMenu,
    footerMenu,
    ads,
    /** the tool pages served cross-origin isolated: a link into or out of one loads a new document */
    isolatedPaths: ISOLATED_PATHS,
  };
}

export type SiteShell = Awaited<ReturnType<typeof loadSiteShell>>;
