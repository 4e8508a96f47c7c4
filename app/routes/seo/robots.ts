import { siteSettings } from "~/server/queries/settings.server";
import { buildRobotsTxt } from "~/server/seo/robots.server";
import { services } from "~/server/services.server";
import { PUBLIC_PAGE_HEADERS } from "~/server/site-shell.server";

/** /robots.txt from the robots_txt setting, with the sitemap's address. */
export async function loader() {
  const settings = await siteSettings(services().database.db);
  const text = buildRobotsTxt(settings.robotsTxt, services().env.PUBLIC_URL);
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", ...PUBLIC_PAGE_HEADERS } });
}
