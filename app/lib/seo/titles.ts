// The <title> of public pages, from three settings kept apart (issue 29, finding 2): the site
// name (the brand), the home page's own SEO title and the template other pages use.

/** Where a page's own title and the site name go in the title template. */
export const TITLE_TOKENS = { page: "{page}", site: "{site}" } as const;

/** Today's "<page> | <site>", so a migrated site keeps every title it had. */
export const DEFAULT_TITLE_TEMPLATE = `${TITLE_TOKENS.page} | ${TITLE_TOKENS.site}`;

export interface TitleSettings {
  /** the brand: header, footer, author box, mails, the {site} of the template */
  name: string;
  /** the home page's <title>; "" uses the site name */
  homeTitle: string;
  /** e.g. "{page} | {site}"; one without {page} uses the default */
  titleTemplate: string;
}

/** Whether a template names the page (without {page} every page would have the same title). */
export const isTitleTemplate = (template: string) => template.includes(TITLE_TOKENS.page);

/**
 * A page's <title>: the home page (no page title) gets the home title; a page titled like the site
 * gets the site name alone; any other page fills the template.
 */
export function documentTitle(site: TitleSettings, pageTitle?: string): string {
  if (!pageTitle) return site.homeTitle.trim() || site.name;
  if (pageTitle === site.name) return site.name;
  const template = isTitleTemplate(site.titleTemplate) ? site.titleTemplate : DEFAULT_TITLE_TEMPLATE;
  // one pass over both tokens, so a page or site name containing "{site}" is not filled again
  return template.replace(/\{page\}|\{site\}/g, (token) => (token === TITLE_TOKENS.page ? pageTitle : site.name));
}
