// Links in the rich text editor (browser-safe). The editor accepts the same URLs the HTML sanitiser
// keeps (~/server/html/sanitize.server): http, https, mailto and relative URLs. Anything else
// (javascript:, data:, protocol-relative //host, other schemes) is refused with a clear message.
//
// Decisions:
// - A bare domain such as "example.com" or "www.example.com/docs" becomes https://..., as people
//   type it; a bare e-mail address becomes mailto:.
// - Relative URLs are anything that starts with "/", "#", "?", "./" or "../", or a plain path
//   segment without a dot before the first slash ("contact", "blog/post").
// - Whitespace and control characters inside a URL are refused (a pasted URL with a space in it is
//   almost always a mistake).

export const LINK_HELP = "Use an http(s) or mailto: link, or a relative link such as /tool/dds-to-png.";

export type LinkCheck = { ok: true; href: string; external: boolean } | { ok: false; message: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#].*)?$/i;

export function checkEditorLink(input: string): LinkCheck {
  const url = input.trim();
  if (url === "") return { ok: false, message: "Enter a URL." };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return { ok: false, message: "A URL cannot contain spaces." };
  if (url.startsWith("//") || url.startsWith("\\") || url.startsWith("/\\")) {
    return { ok: false, message: `Protocol-relative links are not allowed. ${LINK_HELP}` };
  }

  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, message: "This is not a valid web address." };
    }
    if (!parsed.hostname) return { ok: false, message: "This is not a valid web address." };
    return { ok: true, href: url, external: true };
  }
  if (scheme === "mailto") {
    return url.length > "mailto:".length ? { ok: true, href: url, external: false } : { ok: false, message: "Enter an e-mail address after mailto:." };
  }
  if (scheme !== undefined && !/^[a-z]{2,}\.[a-z]/i.test(url)) {
    return { ok: false, message: `Links of type "${scheme}:" are not allowed. ${LINK_HELP}` };
  }

  if (EMAIL.test(url)) return { ok: true, href: `mailto:${url}`, external: false };
  if (DOMAIN.test(url) && !url.startsWith(".")) return { ok: true, href: `https://${url}`, external: true };
  // What is left is relative: /path, #anchor, ?query, ./x, ../x or a plain path segment.
  return { ok: true, href: url, external: false };
}

/** For Tiptap's Link `isAllowedUri` (pasted, typed and set links): the same rule. */
export function isAllowedEditorLink(url: string): boolean {
  return checkEditorLink(url).ok;
}
