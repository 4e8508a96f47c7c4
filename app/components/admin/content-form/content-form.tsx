import { ArrowLeft } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { RichEditor } from "#app/components/admin/rich-editor.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SwitchField } from "#app/components/ui/switch-field.tsx";
import { TextareaField } from "#app/components/ui/textarea-field.tsx";
import {
  CONTENT_TEXTS,
  KEYWORDS_HINT,
  LIMITS,
  THUMBNAIL_FILE_FIELD,
  pageFormSchema,
  postFormSchema,
  slugAfterTitleChange,
  type ContentKind,
} from "#app/lib/admin/content-form-schema.ts";
import { normalizeSlug } from "#app/lib/slug.ts";
import { ScheduleField } from "./schedule-field.tsx";
import { CategoryPicker } from "./category-picker.tsx";
import { SeoFields } from "./seo-fields.tsx";
import { ThumbnailField } from "./thumbnail-field.tsx";
import { AutosaveStatusLine } from "./autosave-status.tsx";
import { RevisionsPanel } from "./revisions-panel.tsx";
import { useAutosave } from "./use-autosave.ts";
import { PublicLink } from "#app/components/admin/public-link.tsx";
import { LeaveGuard } from "#app/components/admin/use-leave-guard.tsx";
import { useFormChanges } from "#app/components/admin/use-form-changes.ts";
import type { LoadedRevision, RevisionItem } from "#app/lib/admin/revisions.ts";
import { REVISION_TEXTS } from "#app/lib/admin/revisions.ts";
import { CREATED_BY_AUTOSAVE_FIELD } from "#app/lib/admin/autosave.ts";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import type { ContentFormValues } from "./types.ts";

/**
 * The add/edit form shared by blog posts and static pages. Title, slug (follows
 * the title only while creating, until edited by hand), excerpt, rich content and the publish
 * switch; posts add keywords and a thumbnail upload. Sent to the route's own action; on success it
 * toasts and goes back to the list, on failure the field messages show under the fields. A draft
 * saves itself a pause after each edit (useAutosave); leaving with unsaved changes asks first
 * (LeaveGuard); an existing one lists its revisions.
 */
export function ContentForm({
  kind,
  mode,
  initial,
  id = null,
  version = "",
  revisions = [],
  loadedRevision = null,
  categories = [],
}: {
  kind: ContentKind;
  mode: "create" | "edit";
  initial: ContentFormValues;
  id?: number | null;
  version?: string;
  revisions?: RevisionItem[];
  loadedRevision?: LoadedRevision | null;
  /** posts only: the categories to choose from */
  categories?: readonly { id: number; name: string }[];
}) {
  const texts = CONTENT_TEXTS[kind];
  const creating = mode === "create";
  const isPost = kind === "post";
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const autosaveOn = !initial.published;
  const changes = useFormChanges(formRef, { startDirty: loadedRevision !== null, onEdit: () => autosave.edited() });
  const autosave = useAutosave({ formRef, listPath: texts.listPath, id, version, enabled: autosaveOn, onSaved: changes.markSaved });
  const { markSaved, cancel: cancelAutosave } = { markSaved: changes.markSaved, cancel: autosave.cancel };
  const backToList = useCallback(() => {
    // saved: leaving asks nothing
    cancelAutosave();
    markSaved();
    void navigate(texts.listPath);
  }, [navigate, texts.listPath, markSaved, cancelAutosave]);
  // The action's schema, checked here first for instant field messages; the server stays the judge.
  const { fetcher, errors, onSubmit, busy: saving } = useAdminForm({ schema: isPost ? postFormSchema : pageFormSchema, onSuccess: backToList });
  // a new one the autosave created is saved at its own address from then on
  const savedId = autosave.savedId;

  const [slug, setSlug] = useState(initial.slug);
  const [slugEditedByHand, setSlugEditedByHand] = useState(false);
  const previewSlug = normalizeSlug(slug);

  return (
    <div>
      <PageHeader
        title={creating ? texts.newTitle : texts.editTitle}
        actions={
          <>
            {savedId && !creating ? (
              <PublicLink href={texts.publicPath(initial.slug)} published={initial.published} name={initial.title} className={buttonClass("secondary")} />
            ) : null}
            <Link to={texts.listPath} className={buttonClass("ghost")}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Back to list
            </Link>
          </>
        }
      />
      <LeaveGuard dirty={changes.dirty} dirtyRef={changes.dirtyRef} />
      {loadedRevision ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="revision-loaded">
          {REVISION_TEXTS.loaded}
        </p>
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={savedId !== null && creating ? `${texts.listPath}/${savedId}` : undefined}
        encType={isPost ? "multipart/form-data" : undefined}
        noValidate
        onSubmit={(event) => {
          cancelAutosave();
          onSubmit(event);
        }}
        aria-label={creating ? texts.newTitle : texts.editTitle}
      >
        {savedId !== null && creating ? <input type="hidden" name={CREATED_BY_AUTOSAVE_FIELD} value="1" /> : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Card className="flex min-w-0 flex-col gap-5 p-4 sm:p-6">
            <Field
              label="Title"
              name="title"
              required
              maxLength={LIMITS.title}
              defaultValue={initial.title}
              error={errors.title}
              onChange={(e) => setSlug(slugAfterTitleChange({ creating, slugEditedByHand, slug }, e.currentTarget.value))}
            />
            <div className="flex flex-col gap-1.5">
              <Field
                label="Slug"
                name="slug"
                required
                maxLength={LIMITS.slug}
                value={slug}
                error={errors.slug}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => {
                  setSlug(e.currentTarget.value);
                  setSlugEditedByHand(true);
                }}
                onBlur={() => setSlug((s) => normalizeSlug(s))}
              />
              <p className="text-sm text-slate-500">
                {creating && !slugEditedByHand ? <span className="block">Follows the title until you edit it.</span> : null}
                URL: <span className="break-all font-mono" data-testid="slug-preview">{texts.publicPath(previewSlug || "…")}</span>
              </p>
            </div>
            <TextareaField label="Excerpt" name="excerpt" rows={3} maxLength={LIMITS.excerpt} defaultValue={initial.excerpt} error={errors.excerpt} />
            <div>
              <RichEditor name="content" label="Content" defaultValue={initial.content} onChange={changes.noteChange} />
              {errors.content ? <p className="mt-1.5 text-sm text-red-600">{errors.content}</p> : null}
            </div>
          </Card>

          <div className="flex min-w-0 flex-col gap-6">
            <Card className="flex flex-col gap-5 p-4 sm:p-6">
              <SwitchField
                label={creating ? "Publish immediately" : "Published"}
                name="published"
                defaultChecked={initial.published}
                description={`Only published ${isPost ? "posts" : "pages"} are visible on the site.`}
              />
              {initial.schedule ? <ScheduleField initial={initial.schedule} error={errors.publishAt ?? errors.publishMode} /> : null}
              {isPost ? (
                <>
                  <Field
                    label="Keywords"
                    name="keywords"
                    maxLength={LIMITS.keywords}
                    defaultValue={initial.keywords ?? ""}
                    placeholder="tools, tutorials"
                    error={errors.keywords}
                    aria-describedby="keywords-hint"
                  />
                  <p id="keywords-hint" className="-mt-3 text-sm text-slate-500">
                    {KEYWORDS_HINT}
                  </p>
                  <CategoryPicker categories={categories} selected={initial.categoryIds ?? []} error={errors.categories} />
                  <ThumbnailField current={initial.thumbnail ?? ""} error={errors[THUMBNAIL_FILE_FIELD] ?? errors.thumbnail} />
                </>
              ) : null}
            </Card>
            <Card className="flex flex-col gap-5 p-4 sm:p-6">
              <SeoFields seoTitle={initial.seoTitle} socialImage={initial.socialImage} errors={errors} />
            </Card>
            <AutosaveStatusLine status={autosave.status} enabled={autosaveOn} dirty={changes.dirty} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={saving} className="flex-1">
                {saving ? "Saving…" : creating ? `Create ${texts.noun}` : "Save Changes"}
              </Button>
              <Link to={texts.listPath} className={buttonClass("secondary")}>
                Cancel
              </Link>
            </div>
            {/* the autosave brings the list back after each save; until then the loader's */}
            {id !== null ? <RevisionsPanel revisions={autosave.revisions ?? revisions} loadedId={loadedRevision?.id ?? null} /> : null}
          </div>
        </div>
      </fetcher.Form>
    </div>
  );
}
