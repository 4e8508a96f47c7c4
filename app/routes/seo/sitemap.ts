import { SANDBOX_POLICY } from "~/server/http/security-headers.server";
import { servedSitemapXml } from "~/server/seo/sitemap-source.server";
import { services } from "~/server/services.server";
import { PUBLIC_PAGE_HEADERS } from "~/server/site-shell.server";

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
