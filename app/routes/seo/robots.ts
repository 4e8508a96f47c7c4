import { siteSettings } from "#app/server/queries/settings.server.ts";
import { buildRobotsTxt } from "#app/server/seo/robots.server.ts";
import { services } from "#app/server/services.server.ts";
import { PUBLIC_PAGE_HEADERS } from "#app/server/site-shell.server.ts";

/** /robots.txt from the robots_txt setting, with the sitemap's address. */
export async function loader() {
  const settings = await siteSettings(services().database.db);
  const text = buildRobotsTxt(settings.robotsTxt, services().env.PUBLIC_URL);
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", ...PUBLIC_PAGE_HEADERS } });
}
