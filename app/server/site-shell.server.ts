import { data } from "react-router";
import { parseAdsConfig } from "~/lib/ads-config";
import { getSession } from "./auth/session.server";
import { listMenu } from "./queries/site-content.server";
import { getSiteSettings } from "./queries/settings.server";
import { services } from "./services.server";

/** Public pages: shared caches may keep them briefly; browsers revalidate with the ETag. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const MAINTENANCE_RETRY_AFTER_SECONDS = 1800;

/** What every public page needs: settings, menus, ads. Throws the 503 maintenance response when on. */
export async function loadSiteShell(request: Request) {
  const { db } = services().database;
  const [settings, headerMenu, footerMenu] = await Promise.all([getSiteSettings(db), listMenu(db, "header"), listMenu(db, "footer")]);
  const siteTitle = settings.site_title || "DDS to PNG Converter";
  if (settings.maintenance_mode === "true") {
    const session = await getSession(request);
    if (session?.user.role !== "admin") {
      throw data(
        { maintenance: true, siteTitle },
        { status: 503, headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
      );
    }
  }
  const ads = parseAdsConfig(settings.ads_config, (msg) => console.warn(`[settings] ${msg}`));
  return {
    origin: services().env.PUBLIC_URL,
    year: new Date().getUTCFullYear(),
    site: {
      title: siteTitle,
      description: settings.site_description ?? "",
      keywords: settings.site_keywords ?? "",
      tagline: settings.site_tagline ?? "",
      url: settings.site_url || "/",
      logo: settings.site_logo ?? "",
      icon: settings.site_icon ?? "",
      ogImage: settings.og_image ?? "",
      twitterHandle: settings.twitter_handle ?? "",
      contactEmail: settings.contact_email ?? "",
      footerText: settings.footer_text ?? "",
      customCss: settings.custom_css ?? "",
      customJs: settings.custom_js ?? "",
      googleAnalytics: /^[A-Z0-9-]{4,40}$/i.test(settings.google_analytics ?? "") ? (settings.google_analytics ?? "") : "",
      searchConsole: settings.google_search_console ?? "",
    },
    headerMenu,
    footerMenu,
    ads,
  };
}

export type SiteShell = Awaited<ReturnType<typeof loadSiteShell>>;
