import { z } from "zod";
import { required, text } from "#app/lib/form-fields.ts";
import { isTimeZone } from "#app/lib/schedule.ts";
import { isTitleTemplate } from "#app/lib/seo/titles.ts";
import { darkColorProblem, primaryColorProblem } from "#app/lib/theme/site-theme.ts";

// The SEO Settings and General Settings forms: one schema per form, used by the
// browser for hints and by the route action as the truth. Field names are the site_settings keys,
// so a parsed form is the map the action saves.

/** A colour as #rrggbb (lower-cased). */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Loose Google Analytics id: G-XXXX, UA-XXXX-Y, GT-..., AW-...: letters, digits and dashes (as the public layout checks). */
export const ANALYTICS_ID = /^[A-Za-z0-9-]{4,40}$/;

/** An absolute http(s) URL with a host and no spaces. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The site URL setting: "/" (this site) or an http(s) URL. */
export function isSiteUrl(value: string): boolean {
  return value === "/" || isHttpUrl(value);
}

export const colorField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(HEX_COLOR, `${label} must be a colour like #1a2b3c`)
    .transform((v) => v.toLowerCase());

/** A colour of the public theme: #rrggbb, then its WCAG AA check (the field message names the ratio). */
const themeColorField = (label: string, problem: (hex: string) => string | null) =>
  colorField(label).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });

/**
 * A switch or checkbox: "on"/"true"/"1" → true, absent → false. (form-fields' `checkbox` is a union
 * with z.undefined(), which zod 4 treats as a required key, so an absent switch would fail.)
 */
export const onOff = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** A switch stored as the text "true" or "false". */
const flag = onOff.transform((on) => (on ? "true" : "false"));

/** Someone may paste the whole `<meta name="google-site-verification" content="…">` tag: keep the value. */
export function verificationValue(input: string): string {
  const tag = /content\s*=\s*["']([^"']*)["']/i.exec(input);
  return (tag ? tag[1]! : input).trim();
}

export const SEO_LIMITS = { title: 200, description: 500, keywords: 1_000 } as const;
export const DESCRIPTION_HINT = { min: 150, max: 160 } as const;

export const seoSettingsSchema = z.object({
  home_title: text(SEO_LIMITS.title),
  title_template: required("Title template", SEO_LIMITS.title).refine(isTitleTemplate, "The title template must contain {page} (the page's own title)"),
  site_description: text(SEO_LIMITS.description),
  site_keywords: text(SEO_LIMITS.keywords),
  twitter_handle: text(50)
    .refine((v) => v === "" || /^@?\w{1,15}$/.test(v), "Enter a handle like @yoursite (letters, digits and underscores, at most 15)")
    .transform((v) => (v === "" || v.startsWith("@") ? v : `@${v}`)),
  google_analytics: text(40).refine(
    (v) => v === "" || ANALYTICS_ID.test(v),
    "Enter a Google Analytics ID like G-XXXXXXXXXX or UA-XXXXXXX-X (letters, digits and dashes only)",
  ),
  google_search_console: text(1_000)
    .transform(verificationValue)
    .refine((v) => v.length <= 200, "At most 200 characters")
    .refine((v) => !/[<>"]/.test(v), "Enter only the verification code (the content value of the meta tag)"),
});
export type SeoSettingsInput = z.infer<typeof seoSettingsSchema>;

export const ROBOTS_MAX = 20_000;
export const robotsSchema = z.object({
  robots_txt: z
    .string({ error: "robots.txt is required" })
    .max(ROBOTS_MAX, `At most ${ROBOTS_MAX} characters`)
    .transform((v) => v.replace(/\r\n?/g, "\n")),
});

/** Logo upload limit: the form's hint "Max 500KB", enforced. */
export const LOGO_MAX_BYTES = 500 * 1024;

/** The image uploads of each form: file field → setting key (a "<key>_remove" switch clears it). */
export const SEO_IMAGES = { og_image: "og_image_file" } as const;
export const GENERAL_IMAGES = { site_logo: "site_logo_file", site_icon: "site_icon_file", sidebar_logo: "sidebar_logo_file" } as const;

export const generalSettingsSchema = z.object({
  site_name: required("Site name", 200),
  site_tagline: text(300),
  contact_email: text(200).refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid e-mail address"),
  footer_text: text(1_000),
  site_url: required("Site URL", 500).refine(isSiteUrl, 'Site URL must be "/" or a full http(s) URL like https://example.com'),
  // optional like the theme colours: a form without it (an older script) leaves the saved zone
  site_time_zone: required("Site time zone", 100).refine(isTimeZone, "Enter a time zone like UTC or Europe/Paris (an IANA name)").optional(),
  sidebar_bg_color: colorField("Sidebar background colour"),
  sidebar_text_color: colorField("Sidebar text colour"),
  // the public site's colours; a form without them leaves the saved ones as they are
  brand_color: themeColorField("Primary colour", primaryColorProblem).optional(),
  brand_dark_color: themeColorField("Dark mode colour", darkColorProblem).optional(),
  enable_comments: flag,
  maintenance_mode: flag,
  allow_new_accounts: flag,
  custom_css: z.string().max(100_000, "At most 100000 characters").default(""),
  custom_js: z.string().max(100_000, "At most 100000 characters").default(""),
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;

/** localStorage `siteSettings` (sidebar logo and colours), written after a successful General Settings save. */
export interface BrowserSiteSettings {
  sidebarLogo: string;
  sidebarBgColor: string;
  sidebarTextColor: string;
}
export const BROWSER_SETTINGS_KEY = "siteSettings";
