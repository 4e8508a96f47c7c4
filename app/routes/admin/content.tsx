import { AlertTriangle, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge, PageHeader } from "#app/components/admin/page-header.tsx";
import { RichEditor } from "#app/components/admin/rich-editor.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SwitchField } from "#app/components/ui/switch-field.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { CONTENT_PAGE_KEYS, CONTENT_TEXTS, contentSectionSchema, NEW_SECTION, newSectionSchema, PAGE_KEY_LABELS } from "#app/lib/admin/content-section-form.ts";
import { adminAction, byIntent, fail, INVALID_ID, ok, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { sanitizeHtml } from "#app/server/html/sanitize.server.ts";
import {
  createContentSection,
  deleteContentSection,
  listContentSections,
  updateContentSection,
  type ContentSectionRow,
} from "#app/server/queries/content-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/content";

// Content Management (content_sections): the SEO articles that the
// home page (home_seo) and the tools list (tools_seo) show under their content.

const INTENTS = { save: "save", add: "add", delete: "delete" } as const;
const SECTION_NOT_FOUND = "Content section not found";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { sections: await listContentSections(services().database.db), loadError: null };
  } catch (error) {
    console.error("[admin/content] loading content sections failed:", error);
    return { sections: [] as ContentSectionRow[], loadError: CONTENT_TEXTS.loadFailed };
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Content Management · Admin" }, { name: "robots", content: "noindex" }];

const handle = byIntent({
  [INTENTS.save]: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    const parsed = parseForm(form, contentSectionSchema, CONTENT_TEXTS.saveFailed, intent);
    if (!parsed.ok) return parsed.answer;
    const saved = await updateContentSection(services().database.db, id, { ...parsed.data, content: sanitizeHtml(parsed.data.content) });
    return saved ? ok(CONTENT_TEXTS.saved, intent) : fail(SECTION_NOT_FOUND, undefined, 404, intent);
  },
  [INTENTS.add]: async (form, intent) => {
    const parsed = parseForm(form, newSectionSchema, CONTENT_TEXTS.saveFailed, intent);
    if (!parsed.ok) return parsed.answer;
    await createContentSection(services().database.db, { page_key: parsed.data.page_key, ...NEW_SECTION });
    return ok(CONTENT_TEXTS.saved, intent);
  },
  [INTENTS.delete]: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    return (await deleteContentSection(services().database.db, id)) ? ok(CONTENT_TEXTS.deleted, intent) : fail(SECTION_NOT_FOUND, undefined, 404, intent);
  },
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle, { failed: CONTENT_TEXTS.saveFailed });
}

export default function ContentManagement({ loaderData }: Route.ComponentProps) {
  const { sections, loadError } = loaderData;
  const shownError = useRef(false);
  useEffect(() => {
    if (loadError && !shownError.current) {
      shownError.current = true;
      toast.error("Error", { description: loadError });
    }
  }, [loadError]);

  return (
    <div>
      <PageHeader title="Content Management" subtitle="SEO articles shown under the home page (home_seo) and the All Tools page (tools_seo)." actions={<AddSection />} />
      {loadError ? (
        <p role="alert" className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
          {loadError}
        </p>
      ) : sections.length === 0 ? (
        <Card className="p-6 text-sm text-slate-600">No content sections yet. Add one for the home page or the All Tools page.</Card>
      ) : (
        <div className="flex flex-col gap-6">
          {sections.map((section) => (
            <SectionEditor key={`${section.id}-${section.updated_at}`} section={section} />
          ))}
        </div>
      )}
    </div>
  );
}

function AddSection() {
  const { fetcher, busy } = useAdminForm();
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={INTENTS.add} />
      <SelectField label="Page" name="page_key" defaultValue="home_seo" options={CONTENT_PAGE_KEYS.map((key) => ({ value: key, label: PAGE_KEY_LABELS[key] ?? key }))} />
      <Button type="submit" disabled={busy}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add Section
      </Button>
    </fetcher.Form>
  );
}

function SectionEditor({ section }: { section: ContentSectionRow }) {
  const { fetcher, errors, onSubmit, busy } = useAdminForm({ schema: contentSectionSchema, stoppedToast: CONTENT_TEXTS.saveFailed });
  const remove = useAdminForm();
  const [published, setPublished] = useState(section.published === 1);
  const headingId = `section-${section.id}-heading`;
  return (
    <Card className="p-4 sm:p-6" aria-labelledby={headingId} role="region" data-testid="content-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex min-w-0 flex-wrap items-center gap-2 text-lg font-semibold">
          <span className="truncate">{section.title}</span>
          <Badge tone="brand">{section.page_key}</Badge>
          <Badge tone={section.published === 1 ? "success" : "neutral"}>{section.published === 1 ? "Published" : "Draft"}</Badge>
        </h2>
        <ConfirmIntentButton
          form={remove}
          values={{ intent: INTENTS.delete, id: section.id }}
          title={CONTENT_TEXTS.confirmDelete}
          description={`"${section.title}" (${section.page_key}) is removed. This cannot be undone.`}
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </ConfirmIntentButton>
      </div>
      <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value={INTENTS.save} />
        <input type="hidden" name="id" value={section.id} />
        <Field label="Title" name="title" defaultValue={section.title} maxLength={200} error={errors.title} />
        <RichEditor name="content" label="Content" defaultValue={section.content} />
        {errors.content ? <p className="text-sm text-red-600">{errors.content}</p> : null}
        <SwitchField
          label="Published"
          name="published"
          checked={published}
          onCheckedChange={setPublished}
          description={`Shown on the ${section.page_key === "tools_seo" ? "All Tools page" : section.page_key === "home_seo" ? "home page" : "site"} when published (the oldest published section of a page is used).`}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Section"}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
