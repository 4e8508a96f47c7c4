import { describe, expect, it } from "vitest";
import { DEFAULT_ADS_CONFIG, adsConfigSchema } from "#app/lib/ads-config.ts";
import { adsFormSchema, PUBLISHER_ID } from "./ads-form.ts";
import { contentSectionSchema, newSectionSchema } from "./content-section-form.ts";
import { checkMenuItem, checkMenuItemEdit, isMenuUrl, MENU_FILL_MESSAGE, menuFieldsMissing, menuItemSchema } from "./menu-form.ts";
import { formErrors } from "#app/lib/forms.ts";
import { generalSettingsSchema, isHttpUrl, isSiteUrl, robotsSchema, seoSettingsSchema, verificationValue } from "./site-settings-forms.ts";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
};

describe("URLs", () => {
  it("http(s) URLs need a scheme and a host, and no spaces", () => {
    expect(isHttpUrl("https://example.com")).toBe(true);
    expect(isHttpUrl("http://localhost:3000/x?y=1")).toBe(true);
    for (const bad of ["example.com", "ftp://example.com", "javascript:alert(1)", "https://exa mple.com", "https://", ""]) expect(isHttpUrl(bad), bad).toBe(false);
  });

  it('the site URL is "/" or an http(s) URL', () => {
    expect(isSiteUrl("/")).toBe(true);
    expect(isSiteUrl("https://tools.example")).toBe(true);
    expect(isSiteUrl("/home")).toBe(false);
    expect(isSiteUrl("tools.example")).toBe(false);
  });

  it("menu URLs are paths on this site or http(s) URLs", () => {
    for (const good of ["/", "/tools", "/page/about#team", "/tools?q=dds", "https://example.com/x"]) expect(isMenuUrl(good), good).toBe(true);
    for (const bad of ["//evil.example", "/\\evil", "about", "javascript:alert(1)", "mailto:a@b.c", "/a b"]) expect(isMenuUrl(bad), bad).toBe(false);
  });
});

describe("SEO settings form", () => {
  const valid = { home_title: " My Site ", title_template: "{page} | {site}", site_description: "d", site_keywords: "a, b", twitter_handle: "mysite", google_analytics: "G-AB12CD34", google_search_console: "abc123" };

  it("parses a valid form and normalises the handle", () => {
    expect(seoSettingsSchema.parse(valid)).toEqual({ ...valid, home_title: "My Site", twitter_handle: "@mysite" });
    expect(seoSettingsSchema.parse({ ...valid, twitter_handle: "", google_analytics: "", google_search_console: "" })).toMatchObject({ twitter_handle: "", google_analytics: "" });
  });

  it("accepts loose analytics ids and refuses anything else with a clear message", () => {
    for (const id of ["G-XXXXXXXXXX", "UA-123456-1", "GT-ABC123", "AW-1234"]) expect(seoSettingsSchema.safeParse({ ...valid, google_analytics: id }).success, id).toBe(true);
    for (const id of ["G-1 2", "<script>", "G_123", "G-"]) {
      const errors = formErrors(seoSettingsSchema, form({ ...valid, google_analytics: id }));
      expect(errors?.google_analytics, id).toMatch(/Google Analytics ID like G-XXXXXXXXXX/);
    }
  });

  it("allows an empty home title, requires a template that names the page, and checks the handle", () => {
    expect(seoSettingsSchema.parse({ ...valid, home_title: "  " }).home_title).toBe("");
    expect(formErrors(seoSettingsSchema, form({ ...valid, title_template: "  " }))?.title_template).toBe("Title template is required");
    expect(formErrors(seoSettingsSchema, form({ ...valid, title_template: "{site}" }))?.title_template).toMatch(/must contain \{page\}/);
    expect(formErrors(seoSettingsSchema, form({ ...valid, twitter_handle: "not a handle" }))?.twitter_handle).toMatch(/handle like @yoursite/);
  });

  it("keeps only the value of a pasted verification meta tag", () => {
    expect(verificationValue('<meta name="google-site-verification" content="AbC-123_x" />')).toBe("AbC-123_x");
    expect(verificationValue(" plain ")).toBe("plain");
    expect(seoSettingsSchema.parse({ ...valid, google_search_console: "<meta name='google-site-verification' content='zz9'>" }).google_search_console).toBe("zz9");
    expect(seoSettingsSchema.safeParse({ ...valid, google_search_console: 'x"><script>' }).success).toBe(false);
  });

  it("robots.txt keeps its text, with \\n line endings", () => {
    expect(robotsSchema.parse({ robots_txt: "User-agent: *\r\nAllow: /\r\n" }).robots_txt).toBe("User-agent: *\nAllow: /\n");
  });
});

describe("general settings form", () => {
  const valid = {
    site_name: "Tools",
    site_tagline: "t",
    contact_email: "me@example.com",
    footer_text: "f",
    site_url: "/",
    site_time_zone: "Europe/Paris",
    sidebar_bg_color: "#F8F9FA",
    sidebar_text_color: "#000000",
    custom_css: " body { color: red } ",
    custom_js: "",
  };

  it("parses switches as the text true/false and lower-cases colours; custom code stays raw", () => {
    const parsed = generalSettingsSchema.parse({ ...valid, maintenance_mode: "on" });
    expect(parsed).toMatchObject({ enable_comments: "false", maintenance_mode: "true", sidebar_bg_color: "#f8f9fa", custom_css: " body { color: red } " });
  });

  it.each([
    ["contact_email", "not-an-email", "Please enter a valid e-mail address"],
    ["site_url", "example.com", 'Site URL must be "/"'],
    ["sidebar_bg_color", "#fff", "must be a colour like #1a2b3c"],
    ["sidebar_text_color", "black", "must be a colour like #1a2b3c"],
    ["site_name", "", "Site name is required"],
    ["site_time_zone", "Mars/Olympus_Mons", "Enter a time zone like UTC or Europe/Paris"],
    ["site_time_zone", "", "Site time zone is required"],
  ])("refuses a bad %s", (field, value, message) => {
    expect(formErrors(generalSettingsSchema, form({ ...valid, [field]: value }))?.[field]).toContain(message);
  });

  it("checks the public theme colours: a malformed hex and a low contrast are refused with the ratio", () => {
    expect(formErrors(generalSettingsSchema, form({ ...valid, brand_color: "#12345" }))?.brand_color).toBe("Primary colour must be a colour like #1a2b3c");
    expect(formErrors(generalSettingsSchema, form({ ...valid, brand_color: "#60a5fa" }))?.brand_color).toBe("Contrast 2.54:1 with white text; needs at least 4.5:1");
    expect(formErrors(generalSettingsSchema, form({ ...valid, brand_dark_color: "#1d4ed8" }))?.brand_dark_color).toBe("Contrast 2.66:1 on the dark background (#0f172b); needs at least 4.5:1");
    expect(generalSettingsSchema.parse({ ...valid, brand_color: "#15803D", brand_dark_color: "#86EFAC" })).toMatchObject({ brand_color: "#15803d", brand_dark_color: "#86efac" });
    // a form without them (an older screen, a script) leaves the saved colours alone
    expect(generalSettingsSchema.parse(valid)).not.toHaveProperty("brand_color");
  });

  it("allows an empty contact e-mail and an http(s) site URL", () => {
    expect(generalSettingsSchema.safeParse({ ...valid, contact_email: "", site_url: "https://tools.example" }).success).toBe(true);
  });
});

describe("ads form", () => {
  const base = { headerBanner_enabled: "on", sidebarAd_enabled: "on", inlineAd_enabled: "on" };

  it("builds an ads_config that adsConfigSchema accepts, keeping code of disabled placements", () => {
    const config = adsFormSchema.parse({ ...base, leftSidebar_code: "<div>kept</div>", inlineAd_code: "<div id=x>Ad</div>" });
    expect(adsConfigSchema.parse(config)).toEqual({
      ...DEFAULT_ADS_CONFIG,
      leftSidebar: { enabled: false, code: "<div>kept</div>" },
      inlineAd: { enabled: true, code: "<div id=x>Ad</div>" },
    });
    expect(adsFormSchema.parse(base)).toEqual(DEFAULT_ADS_CONFIG);
  });

  it("requires ca-pub- and digits only when AdSense is enabled", () => {
    expect(PUBLISHER_ID.test("ca-pub-1234567890123456")).toBe(true);
    expect(adsFormSchema.parse({ ...base, adsense_enabled: "on", adsense_publisher_id: " ca-pub-123 " }).googleAdsense).toEqual({ enabled: true, publisherId: "ca-pub-123" });
    expect(adsFormSchema.safeParse({ ...base, adsense_publisher_id: "whatever" }).success).toBe(true);
    for (const id of ["", "pub-123", "ca-pub-", "ca-pub-12a"]) {
      expect(formErrors(adsFormSchema, form({ ...base, adsense_enabled: "on", adsense_publisher_id: id }))?.adsense_publisher_id, id).toMatch(/ca-pub-/);
    }
  });
});

describe("menu item form", () => {
  it("needs both label and URL", () => {
    expect(menuFieldsMissing("Home", "/")).toBe(false);
    expect(menuFieldsMissing(" ", "/")).toBe(true);
    expect(menuFieldsMissing("Home", null)).toBe(true);
    const errors = formErrors(menuItemSchema, form({ menu_type: "header", label: "", url: "" }));
    expect(errors).toEqual({ label: MENU_FILL_MESSAGE, url: MENU_FILL_MESSAGE });
  });

  // issue 29: "Author URL (optional)" was asked for with no explanation, and no page shows it
  it("parses an item: label, URL and menu; no author URL", () => {
    expect(menuItemSchema.parse({ menu_type: "footer", label: " Docs ", url: "/page/docs", author_url: "https://me.example" })).toEqual({ menu_type: "footer", label: "Docs", url: "/page/docs" });
  });

  it("takes the URL from the picker when the URL field is empty, never over a typed one", () => {
    const picked = checkMenuItem(form({ menu_type: "header", label: "About", url: " ", target: "/page/about" }));
    expect(picked).toEqual({ ok: true, data: { menu_type: "header", label: "About", url: "/page/about" } });
    expect(checkMenuItemEdit(form({ label: "X", url: "/typed", target: "/tool/dds-to-png" }))).toEqual({ ok: true, data: { label: "X", url: "/typed" } });
    expect(checkMenuItemEdit(form({ label: "X", url: "", target: "" }))).toMatchObject({ ok: false, firstMessage: MENU_FILL_MESSAGE });
    expect(checkMenuItemEdit(form({ label: "X", url: "", target: "javascript:alert(1)" }))).toMatchObject({ ok: false, fieldErrors: { url: expect.stringMatching(/starting with \//) } });
  });

  it("refuses bad URLs and menu types", () => {
    expect(formErrors(menuItemSchema, form({ menu_type: "header", label: "X", url: "javascript:alert(1)" }))?.url).toMatch(/starting with \//);
    expect(formErrors(menuItemSchema, form({ menu_type: "sidebar", label: "X", url: "/x" }))?.menu_type).toBeDefined();
  });
});

describe("content section forms", () => {
  it("needs a title; published is a switch", () => {
    expect(contentSectionSchema.parse({ title: " T ", content: "<p>x</p>", published: "on" })).toEqual({ title: "T", content: "<p>x</p>", published: true });
    expect(contentSectionSchema.parse({ title: "T" })).toEqual({ title: "T", content: "", published: false });
    expect(formErrors(contentSectionSchema, form({ title: "" }))?.title).toBe("Title is required");
  });

  it("new sections are for home_seo or tools_seo", () => {
    expect(newSectionSchema.parse({ page_key: "tools_seo" })).toEqual({ page_key: "tools_seo" });
    expect(newSectionSchema.safeParse({ page_key: "blog_seo" }).success).toBe(false);
  });
});
