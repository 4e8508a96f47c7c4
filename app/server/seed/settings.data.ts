import { DEFAULT_ADS_CONFIG } from "#app/lib/ads-config.ts";
import { DEFAULT_TITLE_TEMPLATE } from "#app/lib/seo/titles.ts";
import { THEME_DEFAULTS } from "#app/lib/theme/site-theme.ts";

/** The default robots.txt: allow the Google, Bing, Twitter and Facebook crawlers and all others. */
export const DEFAULT_ROBOTS_TXT = `User-agent: Googlebot
Allow: /

User-agent: Bingbot
Allow: /

User-agent: Twitterbot
Allow: /

User-agent: facebookexternalhit
Allow: /

User-agent: *
Allow: /
Disallow: /admin/
Disallow: /api/
`;

/** Every site_settings key the product knows, with its first-start value (the typed reader, siteSettings, takes its defaults from here). */
export const DEFAULT_SETTINGS = {
  // the brand (General Settings); until issue 29 one key, site_title, was also the home page's SEO title
  site_name: "DDS to PNG Converter",
  // SEO Settings: the home page's <title> and the template of every other page's
  // not the site name alone: the DDS tool's page is titled that (issue 31, finding 5)
  home_title: "DDS to PNG Converter – Free Online File Converters",
  title_template: DEFAULT_TITLE_TEMPLATE,
  site_description:
    "Free online converters that run in your browser: DDS to PNG, PNG to DDS, ICO, JFIF, AVIF, TIFF and PSB images, audio, video, ebooks, documents, units and time zones. No uploads.",
  site_keywords: "dds to png, dds converter, png to dds, image converter, audio converter, video converter, unit converter, free online tools",
  og_image: "",
  twitter_handle: "",
  google_analytics: "",
  google_search_console: "",
  robots_txt: DEFAULT_ROBOTS_TXT,
  site_tagline: "Free converters and calculators that run in your browser",
  contact_email: "contact@example.com",
  footer_text: "Files are converted on your device and never uploaded.",
  enable_comments: "false",
  maintenance_mode: "false",
  // Issue 11: sign-up stays open (the spec shows the Sign Up tab) until an admin turns it off.
  allow_new_accounts: "true",
  custom_css: "",
  custom_js: "",
  site_url: "/",
  site_logo: "",
  site_icon: "",
  sidebar_logo: "",
  sidebar_bg_color: "#f8f9fa",
  sidebar_text_color: "#000000",
  // the public site's colours (issue 29, decision 046): today's blue, which the stylesheet ships
  brand_color: THEME_DEFAULTS.primary,
  brand_dark_color: THEME_DEFAULTS.dark,
  ads_config: JSON.stringify(DEFAULT_ADS_CONFIG),
  feed_full_content: "false",
  // scheduled posts: the zone the editor's dates are typed and shown in (issue 29)
  site_time_zone: "UTC",
} satisfies Record<string, string>;

export const DEFAULT_MENUS: { menu_type: "header" | "footer"; label: string; url: string }[] = [
  { menu_type: "header", label: "Home", url: "/" },
  { menu_type: "header", label: "All Tools", url: "/tools" },
  { menu_type: "header", label: "DDS to PNG", url: "/tool/dds-to-png" },
  { menu_type: "header", label: "Blog", url: "/blog" },
  { menu_type: "header", label: "About", url: "/page/about" },
  { menu_type: "footer", label: "About Us", url: "/page/about" },
  { menu_type: "footer", label: "Privacy Policy", url: "/page/privacy-policy" },
  { menu_type: "footer", label: "Terms of Service", url: "/page/terms" },
  { menu_type: "footer", label: "Contact", url: "/page/contact" },
  { menu_type: "footer", label: "Blog", url: "/blog" },
];
