import { AlertTriangle } from "lucide-react";
import { useCallback, useState } from "react";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ColorField } from "#app/components/admin/site/color-field.tsx";
import { ImageUploadField } from "#app/components/admin/site/image-upload-field.tsx";
import { ThemeColorField } from "#app/components/admin/site/theme-color-field.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import type { ActionResult } from "#app/lib/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SwitchField } from "#app/components/ui/switch-field.tsx";
import { CodeField, TextareaField } from "#app/components/ui/textarea-field.tsx";
import {
  BROWSER_SETTINGS_KEY,
  GENERAL_IMAGES,
  generalSettingsSchema,
  LOGO_MAX_BYTES,
  type BrowserSiteSettings,
} from "#app/lib/admin/site-settings-forms.ts";
import { DARK_BACKGROUND, darkColorProblem, primaryColorProblem, TEXT_ON_PRIMARY } from "#app/lib/theme/site-theme.ts";
import { knownTimeZones } from "#app/lib/schedule.ts";
import { adminAction, fail, ok, parseForm } from "#app/server/admin/form.server.ts";
import { imageFieldValue } from "#app/server/admin/image-field.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { currentSiteName, siteSettings } from "#app/server/queries/settings.server.ts";
import { OUTBOX_ONLY_NOTICE, sendTestMail } from "#app/server/mail/test-mail.server.ts";
import { saveSettings } from "#app/server/queries/settings-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/settings";

// General Settings: site identity, images, sidebar look, switches and custom code.

const SAVED = "Settings saved successfully";
const FAILED = "Failed to save settings";
type ImageKey = keyof typeof GENERAL_IMAGES;

/** Upload limits per image: the logo's 500KB (a hint in the form) is enforced, the others use the default. */
const IMAGE_LIMITS: Partial<Record<ImageKey, number>> = { site_logo: LOGO_MAX_BYTES };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const s = await siteSettings(services().database.db);
  return {
    mail: { to: session.user.email, notice: services().mailer.transport === "outbox" ? OUTBOX_ONLY_NOTICE : null },
    timeZones: knownTimeZones(),
    settings: {
      site_name: s.siteName,
      site_tagline: s.siteTagline,
      contact_email: s.contactEmail,
      footer_text: s.footerText,
      site_url: s.siteUrl,
      site_time_zone: s.siteTimeZone,
      site_logo: s.siteLogo,
      site_icon: s.siteIcon,
      sidebar_logo: s.sidebarLogo,
      sidebar_bg_color: s.sidebarBgColor,
      sidebar_text_color: s.sidebarTextColor,
      brand_color: s.brandColor,
      brand_dark_color: s.brandDarkColor,
      enable_comments: s.enableComments,
      maintenance_mode: s.maintenanceMode,
      allow_new_accounts: s.allowNewAccounts,
      custom_css: s.customCss,
      custom_js: s.customJs,
    },
  };
}

export const meta: Route.MetaFunction = () => [{ title: "General Settings · Admin" }, { name: "robots", content: "noindex" }];

/** The "Send test mail" button's intent (its own small form; the settings form posts no intent). */
export const TEST_MAIL_INTENT = "send-test-mail";

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  return adminAction(request, (form) => (form.get("intent") === TEST_MAIL_INTENT ? testMail(session.user.email) : handle(form)), { failed: FAILED });
}

/** One mail to the signed-in admin through the real mailer, and what became of it. */
async function testMail(to: string) {
  const { mailer, database } = services();
  const result = await sendTestMail(mailer, await currentSiteName(database.db), to);
  return result.ok ? ok(result.message, TEST_MAIL_INTENT) : fail(result.message, undefined, 502, TEST_MAIL_INTENT);
}

/** The action after its guard; runs inside adminAction (the form read safely, a thrown error answered as the failure toast). */
async function handle(form: FormData) {
  const parsed = parseForm(form, generalSettingsSchema, FAILED);
  if (!parsed.ok) return parsed.answer;
  const { db } = services().database;
  // a field the form did not send (the theme colours are optional) keeps its saved value
  const values: Record<string, string> = Object.fromEntries(Object.entries(parsed.data).filter((e): e is [string, string] => e[1] !== undefined));
  for (const [key, field] of Object.entries(GENERAL_IMAGES) as [ImageKey, string][]) {
    const image = await imageFieldValue(form, { file: field, remove: `${key}_remove` }, { prefix: "site-assets/", maxBytes: IMAGE_LIMITS[key] });
    if (!image.ok) return image.answer;
    if (image.value !== undefined) values[key] = image.value;
  }
  await saveSettings(db, values);
  const saved = await siteSettings(db);
  const browserSettings: BrowserSiteSettings = { sidebarLogo: saved.sidebarLogo, sidebarBgColor: saved.sidebarBgColor, sidebarTextColor: saved.sidebarTextColor };
  return { ...ok(SAVED), siteSettings: browserSettings };
}

/** The three image settings, in the order the screen shows them. */
const IMAGE_FIELDS: { key: ImageKey; label: string; hint: string; previewClassName?: string }[] = [
  { key: "site_logo", label: "Logo", hint: "Max 500KB." },
  { key: "site_icon", label: "Site Icon", hint: "32x32 or 64x64 (PNG or ICO).", previewClassName: "h-16 w-16" },
  { key: "sidebar_logo", label: "Sidebar Logo", hint: "Shown at the top of the admin sidebar." },
];

/** Custom code: added to every public page as written, so the hints say who may write it. */
const CODE_FIELDS: { key: "custom_css" | "custom_js"; label: string; hint: string }[] = [
  { key: "custom_css", label: "Custom CSS", hint: "Added to every public page as written (not sanitised): admin-only, so paste only code you trust." },
  { key: "custom_js", label: "Custom JavaScript", hint: "Runs on every public page as written (not sanitised): admin-only, so paste only code you trust." },
];

type SaveResult = ActionResult & { siteSettings?: BrowserSiteSettings };

export default function GeneralSettings({ loaderData }: Route.ComponentProps) {
  const { settings, mail, timeZones } = loaderData;
  const [maintenance, setMaintenance] = useState(settings.maintenance_mode);
  const rememberInBrowser = useCallback((result: SaveResult) => {
    if (!result.siteSettings) return;
    try {
      localStorage.setItem(BROWSER_SETTINGS_KEY, JSON.stringify(result.siteSettings));
    } catch {
      // storage may be full or blocked; the server copy is what counts
    }
  }, []);
  const { fetcher, errors, onSubmit, busy } = useAdminForm<SaveResult>({ schema: generalSettingsSchema, stoppedToast: FAILED, onSuccess: rememberInBrowser });

  return (
    <div>
      <PageHeader title="General Settings" subtitle="Site identity, appearance and behaviour." />
      <fetcher.Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <Card className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Site</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field
              label="Site Name"
              name="site_name"
              defaultValue={settings.site_name}
              maxLength={200}
              required
              error={errors.site_name}
              hint="Your brand: the header, footer, author box, e-mails and the end of page titles. The home page's title is set under SEO."
            />
            <Field label="Tagline" name="site_tagline" defaultValue={settings.site_tagline} maxLength={300} error={errors.site_tagline} />
            <Field label="Contact Email" name="contact_email" type="email" defaultValue={settings.contact_email} error={errors.contact_email} />
            <Field label="Site URL" name="site_url" defaultValue={settings.site_url} placeholder="/ or https://example.com" error={errors.site_url} />
          </div>
          <p className="mt-1 text-sm text-slate-500">The Site URL is where the header logo links: "/" for this site or a full http(s) address.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field
              label="Site time zone"
              name="site_time_zone"
              defaultValue={settings.site_time_zone}
              list="site-time-zones"
              autoComplete="off"
              spellCheck={false}
              required
              error={errors.site_time_zone}
              hint="Scheduled posts are typed and shown in this zone (an IANA name such as Europe/Paris)."
            />
            <datalist id="site-time-zones">
              {timeZones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </div>
          <TextareaField label="Footer Text" name="footer_text" defaultValue={settings.footer_text} rows={2} maxLength={1000} className="mt-4" error={errors.footer_text} />
        </Card>

        <Card className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Images</h2>
          <div className="mt-4 grid gap-6 md:grid-cols-3">
            {IMAGE_FIELDS.map(({ key, label, hint, previewClassName }) => (
              <ImageUploadField
                key={`${key}-${settings[key]}`}
                label={label}
                name={GENERAL_IMAGES[key]}
                removeName={`${key}_remove`}
                current={settings[key]}
                error={errors[GENERAL_IMAGES[key]]}
                previewClassName={previewClassName}
                hint={hint}
              />
            ))}
          </div>
        </Card>

        <Card className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Sidebar colours</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <ColorField label="Sidebar Background Color" name="sidebar_bg_color" defaultValue={settings.sidebar_bg_color} error={errors.sidebar_bg_color} />
            <ColorField label="Sidebar Text Color" name="sidebar_text_color" defaultValue={settings.sidebar_text_color} error={errors.sidebar_text_color} />
          </div>
        </Card>

        <Card className="p-4 sm:p-6">
          <h2 id="theme" className="scroll-mt-20 text-lg font-semibold">
            Public site colours
          </h2>
          <p className="mt-1 text-sm text-slate-600">Buttons, links, focus rings and accents of the public pages. Each colour must reach WCAG AA contrast (4.5:1) to be saved.</p>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <ThemeColorField
              label="Primary Color"
              name="brand_color"
              defaultValue={settings.brand_color}
              against={TEXT_ON_PRIMARY}
              problem={primaryColorProblem}
              preview={{ kind: "button", text: TEXT_ON_PRIMARY }}
              hint="Behind white button text, and as link text on the white page."
              error={errors.brand_color}
            />
            <ThemeColorField
              label="Dark Mode Color"
              name="brand_dark_color"
              defaultValue={settings.brand_dark_color}
              against={DARK_BACKGROUND}
              problem={darkColorProblem}
              preview={{ kind: "on-dark", background: DARK_BACKGROUND }}
              hint="Links and accents when a visitor uses the dark theme: a light colour."
              error={errors.brand_dark_color}
            />
          </div>
        </Card>

        <Card className="flex flex-col gap-4 p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Features</h2>
          <SwitchField
            label="Allow new accounts"
            name="allow_new_accounts"
            defaultChecked={settings.allow_new_accounts}
            description="When off, the Sign Up tab is hidden on /auth and the server refuses new accounts; existing users still sign in."
          />
          <SwitchField label="Enable Comments" name="enable_comments" defaultChecked={settings.enable_comments} description="Stored for the blog (enable_comments); the public blog does not show a comment section yet." />
          <SwitchField
            label="Maintenance Mode"
            name="maintenance_mode"
            checked={maintenance}
            onCheckedChange={setMaintenance}
            description="Visitors see a maintenance page (HTTP 503) instead of the site; signed-in admins still see the site."
          />
          {maintenance ? (
            <p role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              Maintenance mode is on: once saved, visitors get a maintenance page until you turn it off.
            </p>
          ) : null}
        </Card>

        <Card className="flex flex-col gap-4 p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Custom code</h2>
          {CODE_FIELDS.map(({ key, label, hint }) => (
            <CodeField key={key} label={label} name={key} defaultValue={settings[key]} rows={6} error={errors[key]} hint={hint} />
          ))}
        </Card>

        <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </fetcher.Form>
      <MailCard to={mail.to} notice={mail.notice} />
    </div>
  );
}

/** Mail: whether it really leaves the server, and a test mail to the signed-in admin. */
function MailCard({ to, notice }: { to: string; notice: string | null }) {
  // the outcome is shown under the button (not as a toast too): one message
  const { fetcher, busy } = useAdminForm({ key: "test-mail", announce: () => undefined });
  return (
    <Card className="mt-6 p-4 sm:p-6">
      <h2 id="mail" className="scroll-mt-20 text-lg font-semibold">
        Mail
      </h2>
      {notice ? (
        <p role="note" className="mt-2 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{notice}</span>
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Mail is sent through the mail server set in SMTP_URL.</p>
      )}
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={TEST_MAIL_INTENT} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Sending..." : "Send test mail"}
        </Button>
        <span className="min-w-0 text-sm text-slate-600 [overflow-wrap:anywhere]">To {to}</span>
      </fetcher.Form>
      {fetcher.data && fetcher.state === "idle" ? (
        <p role="status" data-testid="test-mail-result" className={`mt-3 text-sm ${fetcher.data.ok ? "text-slate-700" : "text-red-700"}`}>
          {fetcher.data.message}
        </p>
      ) : null}
    </Card>
  );
}
