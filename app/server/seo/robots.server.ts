// The live /robots.txt: the admin's robots_txt setting as written, plus a Sitemap line.
//
// - Line endings become \n and the text ends with exactly the newline(s) it had, or one if none.
// - A blank (empty or whitespace-only) setting falls back to "User-agent: *\nAllow: /\n".
// - "Sitemap: {origin}/sitemap.xml" is appended, after a blank line, unless some line already starts
//   with "Sitemap:" (any case, leading whitespace allowed). The origin loses any trailing slash.

export const FALLBACK_ROBOTS_TXT = "User-agent: *\nAllow: /\n";

export function buildRobotsTxt(setting: string, origin: string): string {
  let text = setting.replace(/\r\n?/g, "\n");
  if (text.trim() === "") text = FALLBACK_ROBOTS_TXT;
  if (!text.endsWith("\n")) text += "\n";
  if (/^[ \t]*sitemap[ \t]*:/im.test(text)) return text;
  const separator = text.endsWith("\n\n") ? "" : "\n";
  return `${text}${separator}Sitemap: ${origin.trim().replace(/\/+$/, "")}/sitemap.xml\n`;
}
