import { CUSTOM_SITEMAP_KEY, generateSitemapXml, getSettingValue } from "~/server/queries/settings-admin.server";
import { services } from "~/server/services.server";
import { PUBLIC_PAGE_HEADERS } from "~/server/site-shell.server";

/** /sitemap.xml: the admin's uploaded sitemap while there is one, otherwise generated live from the database. */
export async function loader() {
  const { db } = services().database;
  const xml = (await getSettingValue(db, CUSTOM_SITEMAP_KEY)) || (await generateSitemapXml(db, services().env.PUBLIC_URL));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", ...PUBLIC_PAGE_HEADERS } });
}
