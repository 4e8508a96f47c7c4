import { useRouteLoaderData } from "react-router";
import { SITE_LAYOUT_ROUTE_ID } from "#app/lib/seo/route-meta.ts";
import type { SiteShell } from "#app/server/site-shell.server.ts";

/** The public layout's data (settings, menus, ads) from any page under it. */
export function useSiteShell(): SiteShell {
  const shell = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteShell | undefined;
  if (!shell) throw new Error("useSiteShell() is only valid under the public site layout");
  return shell;
}

/** The owner's theme colours as a :root rule for the document head; "" outside the public layout or with the stylesheet's own colours. */
export function useSiteThemeCss(): string {
  const shell = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteShell | undefined;
  return shell?.site.themeCss ?? "";
}
