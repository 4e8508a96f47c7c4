// Seeded content that names the site (the About page, the home page's article) reads the site name
// setting through this token instead of holding a copy, so a rename shows everywhere at once
// (decision 042). Admins may use it in any page, post, tool text or content section too.

export const SITE_NAME_TOKEN = "{{site_name}}";

const escapeHtmlText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Sanitised HTML with every site-name token replaced by the (escaped) site name. */
export function fillSiteName(html: string, siteName: string): string {
  return html.includes(SITE_NAME_TOKEN) ? html.replaceAll(SITE_NAME_TOKEN, escapeHtmlText(siteName)) : html;
}
