import { z } from "zod";

// ads_config: five placements and AdSense, stored as JSON text in site_settings.

export const AD_PLACEMENTS = ["headerBanner", "leftSidebar", "rightSidebar", "sidebarAd", "inlineAd"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

const placementSchema = z.object({ enabled: z.boolean(), code: z.string() });

export const adsConfigSchema = z.object({
  headerBanner: placementSchema,
  leftSidebar: placementSchema,
  rightSidebar: placementSchema,
  sidebarAd: placementSchema,
  inlineAd: placementSchema,
  googleAdsense: z.object({ enabled: z.boolean(), publisherId: z.string() }),
});

export type AdsConfig = z.infer<typeof adsConfigSchema>;

/** The defaults: header banner, sidebar ad and inline ad on; left and right sidebars and AdSense off. */
export const DEFAULT_ADS_CONFIG: AdsConfig = {
  headerBanner: { enabled: true, code: "" },
  leftSidebar: { enabled: false, code: "" },
  rightSidebar: { enabled: false, code: "" },
  sidebarAd: { enabled: true, code: "" },
  inlineAd: { enabled: true, code: "" },
  googleAdsense: { enabled: false, publisherId: "" },
};

/** Parse stored ads_config; anything unparseable is logged and the defaults are kept (slots without code: nothing shows to visitors). */
export function parseAdsConfig(raw: string | null | undefined, log: (msg: string) => void = console.warn): AdsConfig {
  if (!raw) return DEFAULT_ADS_CONFIG;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    log("ads_config is not valid JSON; using the default ad settings");
    return DEFAULT_ADS_CONFIG;
  }
  const result = adsConfigSchema.safeParse(json);
  if (!result.success) {
    log(`ads_config does not match the expected shape (${result.error.issues[0]?.message}); using the default ad settings`);
    return DEFAULT_ADS_CONFIG;
  }
  return result.data;
}
