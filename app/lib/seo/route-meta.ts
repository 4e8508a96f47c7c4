import type { MetaDescriptor } from "react-router";
import { pageMeta } from "./meta.ts";
import { DESCRIPTION_MAX, documentTitle, fitText, type TitleSettings } from "./titles.ts";

/** The public layout's loader data, as far as head tags need it. */
export interface ShellMetaData {
  origin: string;
  site: TitleSettings & { description: string; keywords: string; ogImage: string; twitterHandle: string };
}

export const SITE_LAYOUT_ROUTE_ID = "routes/site/layout";

type Match = { id: string; loaderData?: unknown } | undefined;

export function shellFromMatches(matches: readonly Match[]): ShellMetaData | undefined {
  const match = matches.find((m) => m?.id === SITE_LAYOUT_ROUTE_ID);
  return match?.loaderData as ShellMetaData | undefined;
}

/** Head tags for a public page: titles from the title settings (titles.ts), canonical URL on the configured origin, social cards. */
export function publicMeta(
  matches: readonly Match[],
  page: { title?: string; description?: string; keywords?: string; path: string; ogImage?: string; type?: "website" | "article"; noindex?: boolean },
): MetaDescriptor[] {
  const shell = shellFromMatches(matches);
  if (!shell) return [{ title: page.title ?? "" }];
  const { site, origin } = shell;
  return pageMeta({
    title: documentTitle(site, page.title),
    description: fitText(page.description || site.description, DESCRIPTION_MAX),
    keywords: page.keywords || site.keywords,
    canonicalUrl: origin + page.path,
    siteName: site.name,
    ogImage: page.ogImage || site.ogImage,
    twitterHandle: site.twitterHandle,
    type: page.type ?? "website",
    noindex: page.noindex,
  });
}
