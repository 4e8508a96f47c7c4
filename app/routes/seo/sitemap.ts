import { SANDBOX_POLICY } from "#app/server/http/security-headers.server.ts";
import { servedSitemapXml } from "#app/server/seo/sitemap-source.server.ts";
import { services } from "#app/server/services.server.ts";
import { PUBLIC_PAGE_HEADERS } from "#app/server/site-shell.server.ts";

/**
 * /sitemap.xml: the admin's uploaded sitemap while there is one, otherwise generated live from the
 * database. Sandboxed with no sources: whatever a document says, nothing in it runs on our origin.
 */
export async function loader() {
  const { db } = services().database;
  const xml = await servedSitemapXml(db, services().env.PUBLIC_URL);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      ...PUBLIC_PAGE_HEADERS,
      "Content-Security-Policy": SANDBOX_POLICY,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
