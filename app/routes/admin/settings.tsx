import { AlertTriangle } from "lucide-react";
import { useCallback, useState } from "react";
import { PageHeader } from "~/components/admin/page-header";
import { ColorField } from "~/components/admin/site/color-field";
import { ImageUploadField } from "~/components/admin/site/image-upload-field";
import { useSiteForm, type SiteActionResult } from "~/components/admin/site/use-site-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { SwitchField } from "~/components/ui/switch-field";
import { TextareaField } from "~/components/ui/textarea-field";
import {
  BROWSER_SETTINGS_KEY,
  GENERAL_IMAGES,
  generalSettingsSchema,
  LOGO_MAX_BYTES,
  type BrowserSiteSettings,
} from "~/lib/admin/site-settings-forms";
import { adminAction, chosenFile, fail, ok } from "~/server/admin/form.server";
import { requireAdmin } from "~/server/auth/session.server";
import { getSiteSettings } from "~/server/queries/settings.server";
import { saveSettings } from "~/server/queries/settings-admin.server";
import { services } from "~/server/services.server";
import { UploadError, uploadImage } from "~/server/storage/uploads.server";
import type { Route } from "./+types/settings";

// General Settings (spec §2, §3): site identity, images, sidebar look, switches and custom code.

const SAVED = "Settings saved successfully";
const FAILED = "Failed to save settings";
type ImageKey = keyof typeof GENERAL_IMAGES;

/** Upload limits per image: the logo's 500KB is enforced (spec §5 hint), the others use the default. */
const IMAGE_LIMITS: Partial<Record<ImageKey, number>> = { site_logo: LOGO_MAX_BYTES };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const s = await getSiteSettings(services().database.db);
  const get = (key: string, fallback = "") => s[key] ?? fallback;
  return {
    settings: {
      site_title: get("site_title"),
      site_tagline: get("site_tagline"),
      contact_email: get("contact_email"),
      footer_text: get("footer_text"),
      site_url: get("site_url", "/"),
      site_logo: get("site_logo"),
      site_icon: get("site_icon"),
      sidebar_logo: get("sidebar_logo"),
      sidebar_bg_color: get("sidebar_bg_color", "#f8f9fa"),
      sidebar_text_color: get("sidebar_text_color", "#000000"),
      enable_comments: get("enable_comments") === "true",
      maintenance_mode: get("maintenance_mode") === "true",
      allow_new_accounts: get("allow_new_accounts", "true") !== "false",
      custom_css: get("custom_css"),
      custom_js: get("custom_js"),
    },
  };
}

export const meta: Route.MetaFunction = () => [{ title: "General Settings · Admin" }, { name: "robots", content: "noindex" }];


export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle);
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(form: FormData) {
  const parsed = generalSettingsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    return fail(FAILED, fieldErrors);
  }
  const { db } = services().database;
  const values: Record<string, string> = { ...parsed.data };
  for (const [key, field] of Object.entries(GENERAL_IMAGES) as [ImageKey, string][]) {
    const file = chosenFile(form.get(field));
    if (file) {
      try {
        values[key] = (await uploadImage(services().storage, { prefix: "site-assets/", file, maxBytes: IMAGE_LIMITS[key] })).url;
      } catch (error) {
        if (error instanceof UploadError) return fail(error.message, { [field]: error.message });
        console.error(`[admin/settings] ${key} upload failed:`, error);
        return fail(FAILED, undefined, 500);
      }
    } else if (form.get(`${key}_remove`) === "on") {
      values[key] = "";
    }
  }
  try {
    await saveSettings(db, values);
  } catch (error) {
    console.error("[admin/settings] saving settings failed:", error);
    return fail(FAILED, undefined, 500);
  }
  const saved = await getSiteSettings(db);
  const siteSettings: BrowserSiteSettings = {
    sidebarLogo: saved.sidebar_logo ?? "",
    sidebarBgColor: saved.sidebar_bg_color ?? "#f8f9fa",
    sidebarTextColor: saved.sidebar_text_color ?? "#000000",
  };
  return { ...ok(SAVED), siteSettings };
}

type SaveResult = SiteActionResult & { siteSettings?: BrowserSiteSettings };

export default function GeneralSettings({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const [maintenance, setMaintenance] = useState(settings.maintenance_mode);
  const rememberInBrowser = useCallback((result: SaveResult) => {
    if (!result.siteSettings) return;
    try {
      localStorage.setItem(BROWSER_SETTINGS_KEY, JSON.stringify(result.siteSettings));
    } catch {
      // storage may be full or blocked; the server copy is what counts
    }
  }, []);
  const { fetcher, errors, onSubmit, busy } = useSiteForm<SaveResult>({ schema: generalSettingsSchema, failMessage: FAILED, onSuccess: rememberInBrowser });

  return (
    <div>
      <PageHeader title="General Settings" subtitle="Site identity, appearance and behaviour." />
      <fetcher.Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <Card className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Site</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field label="Site Name" name="site_title" defaultValue={settings.site_title} maxLength={200} required error={errors.site_title} />
            <Field label="Tagline" name="site_tagline" defaultValue={settings.site_tagline} maxLength={300} error={errors.site_tagline} />
            <Field label="Contact Email" name="contact_email" type="email" defaultValue={settings.contact_email} error={errors.contact_email} />
            <Field label="Site URL" name="site_url" defaultValue={settings.site_url} placeholder="/ or https://example.com" error={errors.site_url} />
          </div>
          <p className="mt-1 text-sm text-slate-500">The Site URL is where the header logo links: "/" for this site or a full http(s) address.</p>
          <TextareaField label="Footer Text" name="footer_text" defaultValue={settings.footer_text} rows={2} maxLength={1000} className="mt-4" error={errors.footer_text} />
        </Card>

        <Card className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Images</h2>
          <div className="mt-4 grid gap-6 md:grid-cols-3">
            <ImageUploadField
              key={`logo-${settings.site_logo}`}
              label="Logo"
              name={GENERAL_IMAGES.site_logo}
              removeName="site_logo_remove"
              current={settings.site_logo}
              error={errors[GENERAL_IMAGES.site_logo]}
              hint="Max 500KB."
            />
            <ImageUploadField
              key={`icon-${settings.site_icon}`}
              label="Site Icon"
              name={GENERAL_IMAGES.site_icon}
              removeName="site_icon_remove"
              current={settings.site_icon}
              error={errors[GENERAL_IMAGES.site_icon]}
              previewClassName="h-16 w-16"
              hint="32x32 or 64x64 (PNG or ICO)."
            />
            <ImageUploadField
              key={`sidebar-${settings.sidebar_logo}`}
              label="Sidebar Logo"
              name={GENERAL_IMAGES.sidebar_logo}
              removeName="sidebar_logo_remove"
              current={settings.sidebar_logo}
              error={errors[GENERAL_IMAGES.sidebar_logo]}
              hint="Shown at the top of the admin sidebar."
            />
          </div>
        </Card>

        <Card className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Sidebar colours</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <ColorField label="Sidebar Background Color" name="sidebar_bg_color" defaultValue={settings.sidebar_bg_color} error={errors.sidebar_bg_color} />
            <ColorField label="Sidebar Text Color" name="sidebar_text_color" defaultValue={settings.sidebar_text_color} error={errors.sidebar_text_color} />
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
          <TextareaField
            label="Custom CSS"
            name="custom_css"
            defaultValue={settings.custom_css}
            rows={6}
            spellCheck={false}
            className="[&_textarea]:font-mono"
            error={errors.custom_css}
            hint="Added to every public page as written (not sanitised): admin-only, so paste only code you trust."
          />
          <TextareaField
            label="Custom JavaScript"
            name="custom_js"
            defaultValue={settings.custom_js}
            rows={6}
            spellCheck={false}
            className="[&_textarea]:font-mono"
            error={errors.custom_js}
            hint="Runs on every public page as written (not sanitised): admin-only, so paste only code you trust."
          />
        </Card>

        <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}
