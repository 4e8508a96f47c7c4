import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { RichEditor } from "#app/components/admin/rich-editor.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { useFormChanges } from "#app/components/admin/use-form-changes.ts";
import { LeaveGuard } from "#app/components/admin/use-leave-guard.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SwitchField } from "#app/components/ui/switch-field.tsx";
import { TextareaField } from "#app/components/ui/textarea-field.tsx";
import { DEFAULT_TOOL_ICON, META_DESCRIPTION_HINT, toolFormSchema } from "#app/lib/admin/tool-form-schema.ts";
import { TOOL_CATEGORIES } from "#app/tools/types.ts";
import { normalizeSlug } from "#app/lib/slug.ts";

export interface ToolFormValues {
  name: string;
  slug: string;
  description: string;
  category: string;
  icon: string;
  search_volume: number;
  is_featured: boolean;
  content: string;
  blog_content: string;
  meta_keywords: string;
  meta_description: string;
}

/**
 * Add or edit a tool. The slug follows the name as you type (for tools always, also when editing), stays
 * editable for the rare hand-made slug, and is normalised again by the server. A renamed address
 * leaves a 301 behind. A built-in tool's slug is fixed: its converter is bound to it (issue 29).
 */
export function ToolForm({ mode, initial, builtIn = false }: { mode: "add" | "edit"; initial: ToolFormValues; builtIn?: boolean }) {
  // a saved tool answers with a redirect to the list (which toasts it); a refused one with its field messages
  const { fetcher, errors, onSubmit, busy, clearErrors } = useAdminForm({ schema: toolFormSchema, focusFirstError: true });
  // leaving with unsaved changes asks first; a sent form may leave (its answer is a redirect to the list)
  const formRef = useRef<HTMLFormElement>(null);
  const changes = useFormChanges(formRef);
  const { noteChange } = changes;
  // a refused save stays on the form: its changes are unsaved again
  useEffect(() => {
    if (fetcher.data) noteChange();
  }, [fetcher.data, noteChange]);
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  const [metaDescription, setMetaDescription] = useState(initial.meta_description);

  const categories = (TOOL_CATEGORIES as readonly string[]).includes(initial.category) || !initial.category ? TOOL_CATEGORIES : [...TOOL_CATEGORIES, initial.category];
  const slugChanged = mode === "edit" && slug !== initial.slug;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) changes.allowLeave();
      }}
      className="flex flex-col gap-6"
    >
      <LeaveGuard dirty={changes.dirty} dirtyRef={changes.dirtyRef} />
      <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
        <Field
          label="Name"
          name="name"
          required
          maxLength={200}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!builtIn) setSlug(normalizeSlug(e.target.value));
            clearErrors("name", "slug");
          }}
          error={errors.name}
          placeholder="e.g. PNG to JPG Converter"
        />
        <div className="flex flex-col gap-1.5">
          <Field
            label="Slug"
            name="slug"
            required
            maxLength={200}
            value={slug}
            readOnly={builtIn}
            onChange={(e) => {
              setSlug(e.target.value);
              clearErrors("slug");
            }}
            onBlur={() => setSlug((s) => normalizeSlug(s))}
            error={errors.slug}
            spellCheck={false}
            autoCapitalize="off"
          />
          {!errors.slug ? (
            <p className="text-sm text-slate-500" data-testid="slug-hint">
              {builtIn ? "Built-in tool: its address stays " : mode === "add" ? "Follows the name: " : slugChanged ? "The tool's address changes to " : "Follows the name when you change it: "}
              <span className="font-mono">/tool/{normalizeSlug(slug) || "…"}</span>
              {builtIn ? ", where its converter lives. Its name, text and SEO can change." : slugChanged ? " (the old address redirects there)" : null}
            </p>
          ) : null}
        </div>
        <TextareaField
          label="Description"
          name="description"
          rows={3}
          maxLength={2000}
          defaultValue={initial.description}
          error={errors.description}
          className="sm:col-span-2"
        />
        <SelectField
          label="Category"
          name="category"
          required
          defaultValue={initial.category}
          options={[{ value: "", label: "Select a category" }, ...categories.map((c) => ({ value: c, label: c }))]}
          error={errors.category}
          onChange={() => clearErrors("category")}
        />
        <Field label="Icon" name="icon" maxLength={32} defaultValue={initial.icon} placeholder={DEFAULT_TOOL_ICON} error={errors.icon} />
        <Field
          label="Search Volume"
          name="search_volume"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          defaultValue={String(initial.search_volume)}
          error={errors.search_volume}
          onChange={() => clearErrors("search_volume")}
        />
        <div className="flex items-end pb-1">
          <SwitchField label="Featured" name="is_featured" defaultChecked={initial.is_featured} description="Shown in Featured Tools on the home page (6 at most)." />
        </div>
      </Card>

      <Card className="flex flex-col gap-6 p-5 sm:p-6">
        <RichEditor name="content" label="About This Tool" defaultValue={initial.content} onChange={noteChange} />
        <RichEditor name="blog_content" label="Learn More" defaultValue={initial.blog_content} onChange={noteChange} />
      </Card>

      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <h2 className="text-base font-semibold">Search engines</h2>
        <Field label="Meta Keywords" name="meta_keywords" maxLength={1000} defaultValue={initial.meta_keywords} error={errors.meta_keywords} placeholder="png to jpg, image converter" />
        <div className="flex flex-col gap-1">
          <TextareaField
            label="Meta Description"
            name="meta_description"
            rows={3}
            maxLength={1000}
            value={metaDescription}
            onChange={(e) => setMetaDescription(e.target.value)}
            error={errors.meta_description}
            hint={META_DESCRIPTION_HINT}
          />
          <p className="text-sm text-slate-500" aria-live="polite" data-testid="meta-description-count">
            {metaDescription.length} {metaDescription.length === 1 ? "character" : "characters"}
          </p>
        </div>
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/admin/tools" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : mode === "add" ? "Add Tool" : "Update Tool"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
