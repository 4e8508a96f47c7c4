// The web app manifest (/manifest.webmanifest, decision 049): built here from the site settings and
// the tools table, pure so its fields are tested; "Open with" and "Share" come from the tool
// catalogue's accept rules (./file-handlers.ts, decision 052).
import { fileHandlers, shareTarget, type ManifestFileHandler, type ManifestShareTarget } from "./file-handlers.ts";

export interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: "any" | "maskable" | "monochrome";
}

export interface ManifestShortcut {
  name: string;
  short_name?: string;
  description?: string;
  url: string;
  icons?: ManifestIcon[];
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: "standalone";
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
  shortcuts: ManifestShortcut[];
  /** the formats the file tools read, opened through the launch page (/open) */
  file_handlers: ManifestFileHandler[];
  share_target: ManifestShareTarget;
}

/** Our own icons (public/icons): the manifest always has the sizes install needs. */
export const DEFAULT_ICONS: readonly ManifestIcon[] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** At most this many shortcuts: Chromium shows up to 10, Android 4; the first few matter. */
export const MAX_SHORTCUTS = 4;
/** A short name longer than this is cut on home screens; the site name is used only when it fits. */
const SHORT_NAME_MAX = 12;

const ICON_TYPES: Record<string, string> = { png: "image/png", svg: "image/svg+xml", ico: "image/x-icon", webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg" };

/** The owner's icon (an uploaded file of unknown size) as a manifest icon, or null for none or an unknown type. */
export function siteIconEntry(url: string): ManifestIcon | null {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url.trim())?.[1]?.toLowerCase();
  const type = ext ? ICON_TYPES[ext] : undefined;
  if (!url.trim() || !type) return null;
  // an SVG draws at any size; a bitmap's size is unknown, "any" lets the browser read it
  return { src: url.trim(), sizes: "any", type, purpose: "any" };
}

/** The first word(s) of the name that fit a home screen label, else the name cut at a word. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  const words = trimmed.split(/\s+/);
  let short = words[0] ?? trimmed;
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > SHORT_NAME_MAX) break;
    short = `${short} ${word}`;
  }
  return short.slice(0, SHORT_NAME_MAX);
}

export interface ManifestInput {
  siteName: string;
  description: string;
  /** the brand colour setting (#rrggbb) */
  themeColor: string;
  /** the site icon setting (a URL, "" for none) */
  siteIcon: string;
  /** the most used tools, most prominent first (featured, then rank) */
  tools: readonly { slug: string; name: string; description: string }[];
}

export function webAppManifest(input: ManifestInput): WebAppManifest {
  const owner = siteIconEntry(input.siteIcon);
  return {
    id: "/",
    name: input.siteName,
    short_name: shortNameOf(input.siteName),
    description: input.description,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: input.themeColor,
    icons: [...(owner ? [owner] : []), ...DEFAULT_ICONS],
    shortcuts: input.tools.slice(0, MAX_SHORTCUTS).map((tool) => ({
      name: tool.name,
      description: tool.description,
      url: `/tool/${tool.slug}`,
      icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
    })),
    file_handlers: fileHandlers(),
    share_target: shareTarget(),
  };
}
