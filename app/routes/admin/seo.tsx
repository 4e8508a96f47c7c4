import { Download, FileCode2, Trash2, Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ImageUploadField } from "#app/components/admin/site/image-upload-field.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { TextareaField } from "#app/components/ui/textarea-field.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { DESCRIPTION_HINT, ROBOTS_MAX, robotsSchema, SEO_LIMITS, seoSettingsSchema } from "#app/lib/admin/site-settings-forms.ts";
import { checkSitemapXml, decodeUtf8, isXmlFileName, SITEMAP_FILE_ERROR, SITEMAP_MAX_BYTES } from "#app/lib/admin/sitemap-xml.ts";
import { adminAction, byIntent, chosenFile, fail, ok, parseForm } from "#app/server/admin/form.server.ts";
import { imageFieldValue } from "#app/server/admin/image-field.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { deleteSetting, getSettingValue, saveSettings } from "#app/server/queries/settings-admin.server.ts";
import { CUSTOM_SITEMAP_KEY, generateSitemapXml } from "#app/server/seo/sitemap-source.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/seo";
import { FileInput } from "#app/components/ui/file-input.tsx";

// SEO Settings: site-wide SEO values, robots.txt, the sitemap download and a
// custom sitemap that /sitemap.xml serves instead of the generated one until it is removed.

const TEXTS = {
  seoSaved: "SEO settings saved successfully",
  seoFailed: "Failed to save SEO settings",
  robotsSaved: "robots.txt saved successfully",
  robotsFailed: "Failed to save robots.txt",
  sitemapFailed: "Failed to generate sitemap",
  sitemapUploaded: "Custom sitemap uploaded. /sitemap.xml now serves it.",
  sitemapUploadFailed: "Failed to upload the sitemap",
  sitemapRemoved: "Custom sitemap removed. /sitemap.xml is generated again.",
  sitemapRemoveFailed: "Failed to remove the custom sitemap",
} as const;

const INTENTS = { seo: "seo", robots: "robots", uploadSitemap: "upload-sitemap", removeSitemap: "remove-sitemap" } as const;
const SITEMAP_FILE_FIELD = "sitemap_file";
const DOWNLOAD_PATH = "/admin/seo?download=sitemap";

/** GET /admin/seo?download=sitemap: the generated sitemap as a sitemap.xml attachment (a loader's Response would be rendered, not downloaded). */
async function sitemapDownload({ request }: { request: Request }, next: () => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.searchParams.get("download") !== "sitemap") return next();
  await requireAdmin(request);
  const headers = { "Cache-Control": "private, no-store" };
  try {
    const xml = await generateSitemapXml(services().database.db, services().env.PUBLIC_URL);
    return new Response(xml, {
      headers: { ...headers, "Content-Type": "application/xml; charset=utf-8", "Content-Disposition": 'attachment; filename="sitemap.xml"' },
    });
  } catch (error) {
    console.error("[admin/seo] sitemap generation failed:", error);
    return new Response(TEXTS.sitemapFailed, { status: 500, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
}

export const middleware: Route.MiddlewareFunction[] = [sitemapDownload];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = services().database;
  const [settings, custom = ""] = await Promise.all([siteSettings(db), getSettingValue(db, CUSTOM_SITEMAP_KEY)]);
  return {
    seo: {
      home_title: settings.homeTitle,
      title_template: settings.titleTemplate,
      site_description: settings.siteDescription,
      site_keywords: settings.siteKeywords,
      og_image: settings.ogImage,
      twitter_handle: settings.twitterHandle,
      google_analytics: settings.googleAnalytics,
      google_search_console: settings.googleSearchConsole,
    },
    robotsTxt: settings.robotsTxt,
    customSitemapBytes: custom ? new TextEncoder().encode(custom).length : 0,
    origin: services().env.PUBLIC_URL.replace(/\/+$/, ""),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "SEO Settings · Admin" }, { name: "robots", content: "noindex" }];

const handle = byIntent({
  [INTENTS.seo]: async (form, intent) => {
    const parsed = parseForm(form, seoSettingsSchema, TEXTS.seoFailed, intent);
    if (!parsed.ok) return parsed.answer;
    const image = await imageFieldValue(form, { file: "og_image_file", remove: "og_image_remove" }, { prefix: "site-assets/og-images/", intent });
    if (!image.ok) return image.answer;
    const values: Record<string, string> = { ...parsed.data };
    if (image.value !== undefined) values.og_image = image.value;
    await saveSettings(services().database.db, values);
    return ok(TEXTS.seoSaved, intent);
  },
  [INTENTS.robots]: async (form, intent) => {
    const parsed = parseForm(form, robotsSchema, TEXTS.robotsFailed, intent);
    if (!parsed.ok) return parsed.answer;
    await saveSettings(services().database.db, parsed.data);
    return ok(TEXTS.robotsSaved, intent);
  },
  [INTENTS.uploadSitemap]: async (form, intent) => {
    const file = chosenFile(form.get(SITEMAP_FILE_FIELD));
    const refuse = (message: string) => fail(message, { [SITEMAP_FILE_FIELD]: message }, 400, intent);
    if (!file) return refuse("Choose a sitemap file to upload.");
    if (!isXmlFileName(file.name)) return refuse(SITEMAP_FILE_ERROR);
    if (file.size > SITEMAP_MAX_BYTES) return refuse(`The sitemap is too large (${Math.ceil(file.size / 1024)} KB). The limit is 5 MB.`);
    const text = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
    if (text === null) return refuse("The sitemap must be UTF-8 text.");
    const problem = checkSitemapXml(text);
    if (problem) return refuse(problem);
    await saveSettings(services().database.db, { [CUSTOM_SITEMAP_KEY]: text });
    return ok(TEXTS.sitemapUploaded, intent);
  },
  [INTENTS.removeSitemap]: async (_form, intent) => {
    await deleteSetting(services().database.db, CUSTOM_SITEMAP_KEY);
    return ok(TEXTS.sitemapRemoved, intent);
  },
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle, {
    failed: {
      byIntent: {
        [INTENTS.seo]: TEXTS.seoFailed,
        [INTENTS.robots]: TEXTS.robotsFailed,
        [INTENTS.uploadSitemap]: TEXTS.sitemapUploadFailed,
        [INTENTS.removeSitemap]: TEXTS.sitemapRemoveFailed,
      },
    },
  });
}

export default function SeoSettings({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader title="SEO Settings" subtitle="Search engine and social sharing settings for the whole site." />
      <div className="flex flex-col gap-6">
        <SeoForm seo={loaderData.seo} />
        <RobotsForm robotsTxt={loaderData.robotsTxt} origin={loaderData.origin} />
        <SitemapCard customBytes={loaderData.customSitemapBytes} origin={loaderData.origin} />
      </div>
    </div>
  );
}

function SeoForm({ seo }: { seo: Route.ComponentProps["loaderData"]["seo"] }) {
  const { fetcher, errors, onSubmit, busy } = useAdminForm({ schema: seoSettingsSchema, stoppedToast: TEXTS.seoFailed });
  const [descriptionLength, setDescriptionLength] = useState(seo.site_description.length);
  const inRange = descriptionLength >= DESCRIPTION_HINT.min && descriptionLength <= DESCRIPTION_HINT.max;
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Site-wide SEO</h2>
      <fetcher.Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value={INTENTS.seo} />
        <Field
          label="Home Page Title"
          name="home_title"
          defaultValue={seo.home_title}
          maxLength={SEO_LIMITS.title}
          error={errors.home_title}
          hint="The home page's title in search results and browser tabs. Empty: the site name (General Settings), which stays the brand in the header."
        />
        <Field
          label="Title Template"
          name="title_template"
          defaultValue={seo.title_template}
          maxLength={SEO_LIMITS.title}
          required
          error={errors.title_template}
          hint="Every other page's title: {page} is the page's own title, {site} the site name."
        />
        <TextareaField
          label="Site Description"
          name="site_description"
          defaultValue={seo.site_description}
          rows={3}
          maxLength={SEO_LIMITS.description}
          onChange={(e) => setDescriptionLength(e.currentTarget.value.trim().length)}
          error={errors.site_description}
          hint={`Recommended: ${DESCRIPTION_HINT.min}-${DESCRIPTION_HINT.max} characters (now ${descriptionLength}${inRange ? ", good" : ""}).`}
        />
        <TextareaField
          label="Keywords"
          name="site_keywords"
          defaultValue={seo.site_keywords}
          rows={2}
          maxLength={SEO_LIMITS.keywords}
          error={errors.site_keywords}
          hint="Comma separated."
        />
        <ImageUploadField
          key={seo.og_image}
          label="Social Image (Open Graph)"
          name="og_image_file"
          removeName="og_image_remove"
          current={seo.og_image}
          error={errors.og_image_file}
          previewClassName="h-20 w-36"
          hint="Shown when a page is shared. 1200x630 works best; max 5 MB. Leave empty to keep the current image."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Twitter Handle" name="twitter_handle" defaultValue={seo.twitter_handle} placeholder="@yoursite" error={errors.twitter_handle} />
          <Field label="Google Analytics ID" name="google_analytics" defaultValue={seo.google_analytics} placeholder="G-XXXXXXXXXX" error={errors.google_analytics} />
        </div>
        <Field
          label="Google Search Console Verification"
          name="google_search_console"
          defaultValue={seo.google_search_console}
          placeholder="The content value of the google-site-verification meta tag"
          error={errors.google_search_console}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save SEO Settings"}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

function RobotsForm({ robotsTxt, origin }: { robotsTxt: string; origin: string }) {
  const { fetcher, errors, onSubmit, busy } = useAdminForm({ schema: robotsSchema, stoppedToast: TEXTS.robotsFailed });
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">robots.txt</h2>
      <fetcher.Form method="post" onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value={INTENTS.robots} />
        <TextareaField
          label="robots.txt content"
          name="robots_txt"
          defaultValue={robotsTxt}
          rows={12}
          maxLength={ROBOTS_MAX}
          spellCheck={false}
          className="[&_textarea]:font-mono"
          error={errors.robots_txt}
          hint={`Served at ${origin}/robots.txt. A "Sitemap: ${origin}/sitemap.xml" line is added unless you write one.`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save robots.txt"}
          </Button>
          <a href="/robots.txt" target="_blank" rel="noreferrer" className="text-sm text-brand-700 underline">
            View /robots.txt
          </a>
        </div>
      </fetcher.Form>
    </Card>
  );
}

function SitemapCard({ customBytes, origin }: { customBytes: number; origin: string }) {
  const [generating, setGenerating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const checkFile = (form: FormData) => {
    const file = form.get(SITEMAP_FILE_FIELD);
    const message = !(file instanceof File) || file.name === "" ? "Choose a sitemap file to upload." : !isXmlFileName(file.name) ? SITEMAP_FILE_ERROR : null;
    setFileError(message);
    return message ? { [SITEMAP_FILE_FIELD]: message } : null;
  };
  const upload = useAdminForm({ stoppedToast: (errors) => errors[SITEMAP_FILE_FIELD] ?? SITEMAP_FILE_ERROR, check: checkFile, onSuccess: () => formRef.current?.reset() });
  const remove = useAdminForm();
  const uploadError = fileError ?? upload.errors[SITEMAP_FILE_FIELD];

  async function download() {
    setGenerating(true);
    try {
      const response = await fetch(DOWNLOAD_PATH, { headers: { Accept: "application/xml" } });
      if (!response.ok || !(response.headers.get("content-type") ?? "").includes("xml")) throw new Error(`status ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = "sitemap.xml";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success("Sitemap generated successfully");
    } catch {
      toast.error("Error", { description: TEXTS.sitemapFailed });
    } finally {
      setGenerating(false);
    }
  }

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return setFileError(null);
    if (!isXmlFileName(file.name)) {
      setFileError(SITEMAP_FILE_ERROR);
      toast.error("Error", { description: SITEMAP_FILE_ERROR });
      event.currentTarget.value = "";
    } else {
      setFileError(null);
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Sitemap</h2>
      <p className="mt-1 text-sm text-slate-600">
        Search engines read{" "}
        <a href="/sitemap.xml" target="_blank" rel="noreferrer" className="text-brand-700 underline">
          {origin}/sitemap.xml
        </a>
        .{" "}
        {customBytes > 0
          ? `It currently serves your uploaded custom sitemap (${Math.max(1, Math.round(customBytes / 1024))} KB).`
          : "It is generated live from the published posts, pages and all tools."}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="button" disabled={generating} onClick={download}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {generating ? "Generating..." : "Generate Sitemap"}
        </Button>
      </div>

      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="flex items-center gap-2 font-medium">
          <FileCode2 className="h-4 w-4" aria-hidden="true" /> Custom sitemap
        </h3>
        <p className="mt-1 text-sm text-slate-600">Upload your own sitemap.xml to serve it instead of the generated one until you remove it.</p>
        <upload.fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          onSubmit={upload.onSubmit}
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value={INTENTS.uploadSitemap} />
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <label htmlFor="sitemap-file" className="text-sm font-medium text-slate-800">
              Sitemap file (.xml)
            </label>
            <FileInput
              id="sitemap-file"
              name={SITEMAP_FILE_FIELD}
              accept=".xml,application/xml,text/xml"
              onChange={onFileChange}
              aria-invalid={uploadError ? true : undefined}
              aria-describedby="sitemap-file-note"
            />
            <p id="sitemap-file-note" className={`text-sm ${uploadError ? "text-red-600" : "text-slate-500"}`} role={uploadError ? "alert" : undefined}>
              {uploadError ?? "A <urlset> or <sitemapindex> XML file in the sitemap namespace (image, video, news and hreflang extensions allowed), at most 5 MB."}
            </p>
          </div>
          <Button type="submit" variant="secondary" disabled={upload.busy} className="sm:mt-6">
            <Upload className="h-4 w-4" aria-hidden="true" />
            {upload.busy ? "Uploading..." : "Upload Sitemap"}
          </Button>
        </upload.fetcher.Form>
        {customBytes > 0 ? (
          <div className="mt-3">
            <ConfirmIntentButton
              form={remove}
              values={{ intent: INTENTS.removeSitemap }}
              title="Remove the custom sitemap?"
              description="/sitemap.xml will be generated from the site's content again."
              confirmLabel="Remove"
              variant="danger"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove custom sitemap
            </ConfirmIntentButton>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
