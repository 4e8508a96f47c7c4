import { z } from "zod";
import { AD_PLACEMENTS, type AdPlacement, type AdsConfig } from "#app/lib/ads-config.ts";
import { onOff as checkbox } from "./site-settings-forms.ts";

// The Ads Management form (tabs Ad Placements and Google AdSense; a placement's code input
// appears only when it is enabled). Fields: <placement>_enabled, <placement>_code,
// adsense_enabled, adsense_publisher_id. The result is an AdsConfig.

/** ca-pub- and digits, as Google issues them (and as the public layout checks before loading AdSense). */
export const PUBLISHER_ID = /^ca-pub-\d+$/;
export const AD_CODE_MAX = 50_000;

const code = z.string().max(AD_CODE_MAX, `At most ${AD_CODE_MAX} characters`).default("");

const shape = Object.fromEntries(
  AD_PLACEMENTS.flatMap((p) => [
    [`${p}_enabled`, checkbox],
    [`${p}_code`, code],
  ]),
) as Record<`${AdPlacement}_enabled`, typeof checkbox> & Record<`${AdPlacement}_code`, typeof code>;

export const adsFormSchema = z
  .object({
    ...shape,
    adsense_enabled: checkbox,
    adsense_publisher_id: z.string().trim().max(40, "At most 40 characters").default(""),
  })
  .superRefine((form, ctx) => {
    if (form.adsense_enabled && !PUBLISHER_ID.test(form.adsense_publisher_id)) {
      ctx.addIssue({ code: "custom", path: ["adsense_publisher_id"], message: "Enter a publisher ID like ca-pub-1234567890123456" });
    }
  })
  .transform((form): AdsConfig => {
    const placements = Object.fromEntries(AD_PLACEMENTS.map((p) => [p, { enabled: form[`${p}_enabled`], code: form[`${p}_code`] }])) as Pick<AdsConfig, AdPlacement>;
    return { ...placements, googleAdsense: { enabled: form.adsense_enabled, publisherId: form.adsense_publisher_id } };
  });
