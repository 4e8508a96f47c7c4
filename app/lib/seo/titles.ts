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

/** What search results show of a title and of a description (issue 31, finding 5). */
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 155;

/**
 * The text in at most `max` characters: whole when it fits, else cut after the last whole word that
 * fits, with "…" (a single word longer than half of `max` is the only thing ever cut inside).
 */
export function fitText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(" ");
  const head = lastSpace >= max / 2 ? room.slice(0, lastSpace) : room;
  return `${head.replace(/[\s,;:.|–—-]+$/u, "")}…`;
}

/**
 * A page's <title>, at most TITLE_MAX characters: the home page (no page title) gets the home
 * title; a page titled like the site gets the site name alone; any other page fills the template,
 * or, when that would be too long (a long post title), is its own title alone.
 */
export function documentTitle(site: TitleSettings, pageTitle?: string): string {
  if (!pageTitle) return fitText(site.homeTitle.trim() || site.name, TITLE_MAX);
  if (pageTitle === site.name) return fitText(site.name, TITLE_MAX);
  const template = isTitleTemplate(site.titleTemplate) ? site.titleTemplate : DEFAULT_TITLE_TEMPLATE;
  // one pass over both tokens, so a page or site name containing "{site}" is not filled again
  const filled = template.replace(/\{page\}|\{site\}/g, (token) => (token === TITLE_TOKENS.page ? pageTitle : site.name));
  return filled.length <= TITLE_MAX ? filled : fitText(pageTitle, TITLE_MAX);
}
