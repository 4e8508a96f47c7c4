import { useState } from "react";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { AdminTabs } from "#app/components/admin/site/admin-tabs.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SwitchField } from "#app/components/ui/switch-field.tsx";
import { CodeField } from "#app/components/ui/textarea-field.tsx";
import { AD_PLACEMENT_LABELS } from "#app/lib/ad-placement-labels.ts";
import { AD_CODE_MAX, adsFormSchema } from "#app/lib/admin/ads-form.ts";
import { AD_PLACEMENTS, adsConfigSchema, DEFAULT_ADS_CONFIG, parseAdsConfig, type AdPlacement, type AdsConfig } from "#app/lib/ads-config.ts";
import { adminAction, byIntent, ok, parseForm } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { saveSettings } from "#app/server/queries/settings-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/ads";

// Ads Management: the ads_config tabs (placements, AdSense), the defaults, and each placement's
// code only when it is enabled.

const SAVED = "Ad settings saved successfully";
const RESET = "Ad settings restored to the defaults";
const FAILED = "Failed to save ad settings";
const INTENTS = { save: "save", reset: "reset" } as const;

const PLACEMENT_NOTES: Record<AdPlacement, string> = {
  headerBanner: "Below the hero on the home page.",
  leftSidebar: "Left edge of every public page on wide screens.",
  rightSidebar: "Right edge of every public page on wide screens.",
  sidebarAd: "Beside the content of tool pages.",
  inlineAd: "Inside the content of tool pages and posts.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await siteSettings(services().database.db);
  return { config: parseAdsConfig(settings.adsConfig, (msg) => console.warn(`[admin/ads] ${msg}`)) };
}

export const meta: Route.MetaFunction = () => [{ title: "Ads Management · Admin" }, { name: "robots", content: "noindex" }];

/** Stores the ad settings (validated again as a whole) and answers the intent's toast. */
async function saveAds(config: AdsConfig, intent: string) {
  await saveSettings(services().database.db, { ads_config: JSON.stringify(adsConfigSchema.parse(config)) });
  return ok(intent === INTENTS.reset ? RESET : SAVED, intent);
}

const handle = byIntent({
  [INTENTS.reset]: (_form, intent) => saveAds(DEFAULT_ADS_CONFIG, intent),
  [INTENTS.save]: (form, intent) => {
    const parsed = parseForm(form, adsFormSchema, FAILED, intent);
    return parsed.ok ? saveAds(parsed.data, intent) : parsed.answer;
  },
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle, { failed: FAILED });
}

export default function AdsManagement({ loaderData }: Route.ComponentProps) {
  const { config } = loaderData;
  const { fetcher, errors, onSubmit, busy } = useAdminForm({ schema: adsFormSchema, stoppedToast: FAILED });
  const reset = useAdminForm();
  // the fields start again from what is stored whenever it changes (a save, a reset); the open tab stays
  const [tab, setTab] = useState("placements");
  const stored = JSON.stringify(config);
  return (
    <div>
      <PageHeader
        title="Ads Management"
        subtitle="Ad code is added to public pages as written (not sanitised): admin-only, so paste only code you trust. An enabled placement without code shows visitors nothing; signed in as an admin, you see its outline on the site."
        actions={
          <ConfirmIntentButton
            form={reset}
            values={{ intent: INTENTS.reset }}
            title="Restore the default ad settings?"
            description="Header banner, sidebar ad and inline ad on without code; left and right sidebars and AdSense off. Your ad code is removed."
            confirmLabel="Restore defaults"
            variant="secondary"
          >
            Restore defaults
          </ConfirmIntentButton>
        }
      />
      <fetcher.Form key={stored} method="post" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="intent" value={INTENTS.save} />
        <AdminTabs
          label="Ad settings"
          defaultValue="placements"
          value={tab}
          onValueChange={setTab}
          tabs={[
            {
              value: "placements",
              label: "Ad Placements",
              content: (
                <div className="grid gap-4 lg:grid-cols-2">
                  {AD_PLACEMENTS.map((placement) => (
                    <PlacementCard key={placement} placement={placement} initial={config[placement]} error={errors[`${placement}_code`]} />
                  ))}
                </div>
              ),
            },
            {
              value: "adsense",
              label: "Google AdSense",
              content: <AdsenseCard initial={config.googleAdsense} error={errors.adsense_publisher_id} />,
            },
          ]}
        />
        <div className="mt-6">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Ad Settings"}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}

function PlacementCard({ placement, initial, error }: { placement: AdPlacement; initial: { enabled: boolean; code: string }; error?: string }) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [code, setCode] = useState(initial.code);
  const label = AD_PLACEMENT_LABELS[placement];
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid={`ad-${placement}`}>
      <SwitchField label={label} name={`${placement}_enabled`} checked={enabled} onCheckedChange={setEnabled} description={PLACEMENT_NOTES[placement]} />
      {enabled ? (
        <CodeField
          label={`${label} HTML code`}
          name={`${placement}_code`}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          rows={5}
          maxLength={AD_CODE_MAX}
          placeholder="<script ...></script> or <div>...</div>"
          error={error}
          hint="Leave empty to show a quiet placeholder."
        />
      ) : (
        // kept while the input is hidden, so turning a placement off does not lose its code
        <input type="hidden" name={`${placement}_code`} value={code} />
      )}
    </Card>
  );
}

function AdsenseCard({ initial, error }: { initial: { enabled: boolean; publisherId: string }; error?: string }) {
  const [enabled, setEnabled] = useState(initial.enabled);
  return (
    <Card className="flex max-w-2xl flex-col gap-4 p-4 sm:p-5">
      <SwitchField
        label="Enable Google AdSense"
        name="adsense_enabled"
        checked={enabled}
        onCheckedChange={setEnabled}
        description="Loads the AdSense script for your publisher ID on every public page."
      />
      <Field
        label="Publisher ID"
        name="adsense_publisher_id"
        defaultValue={initial.publisherId}
        placeholder="ca-pub-1234567890123456"
        error={error}
        {...(error ? {} : { "aria-describedby": "publisher-hint" })}
      />
      {error ? null : (
        <p id="publisher-hint" className="-mt-2 text-sm text-slate-500">
          {enabled ? "Required: ca-pub- followed by digits." : "Needed once AdSense is enabled: ca-pub- followed by digits."}
        </p>
      )}
    </Card>
  );
}
