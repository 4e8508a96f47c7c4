import { webAppManifest } from "#app/lib/pwa/manifest.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { listManifestShortcutTools } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import { PUBLIC_PAGE_HEADERS } from "#app/server/site-shell.server.ts";

/** /manifest.webmanifest (decision 049): name, icon and colour from the settings, shortcuts to the top tools. */
export async function loader() {
  const { db } = services().database;
  const [settings, tools] = await Promise.all([siteSettings(db), listManifestShortcutTools(db)]);
  const manifest = webAppManifest({
    siteName: settings.siteName,
    description: settings.siteDescription,
    themeColor: settings.brandColor,
    siteIcon: settings.siteIcon,
    tools,
  });
  return new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/manifest+json; charset=utf-8", ...PUBLIC_PAGE_HEADERS } });
}
