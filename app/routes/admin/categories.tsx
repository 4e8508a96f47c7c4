import { Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { TextareaField } from "#app/components/ui/textarea-field.tsx";
import { categoryPath } from "#app/lib/blog.ts";
import { CATEGORY_INTENTS, CATEGORY_LIMITS, CATEGORY_TEXTS, categoryFormSchema } from "#app/lib/admin/category-form.ts";
import { adminAction, byIntent, fail, INVALID_ID, ok, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { createCategory, deleteCategory, listCategoriesWithCounts, updateCategory } from "#app/server/queries/categories.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/categories";

// Categories (decision 048): the blog's categories, added, renamed, re-addressed (a new slug leaves
// a 301 from the old page and feed) and deleted (its posts stay; its page answers 404).

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await listCategoriesWithCounts(services().database.db) };
}

export const meta: Route.MetaFunction = () => [{ title: "Categories · Admin" }, { name: "robots", content: "noindex" }];

const handle = byIntent({
  [CATEGORY_INTENTS.create]: async (form, intent) => {
    const parsed = parseForm(form, categoryFormSchema, undefined, intent);
    if (!parsed.ok) return parsed.answer;
    const saved = await createCategory(services().database.db, parsed.data);
    if (!saved.ok) return fail(CATEGORY_TEXTS.duplicateSlug, { slug: CATEGORY_TEXTS.duplicateSlug }, 400, intent);
    return ok(CATEGORY_TEXTS.created, intent);
  },
  [CATEGORY_INTENTS.update]: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    const parsed = parseForm(form, categoryFormSchema, undefined, intent);
    if (!parsed.ok) return parsed.answer;
    const saved = await updateCategory(services().database.db, id, parsed.data);
    if (!saved.ok) {
      return saved.reason === "duplicate-slug"
        ? fail(CATEGORY_TEXTS.duplicateSlug, { slug: CATEGORY_TEXTS.duplicateSlug }, 400, intent)
        : fail(CATEGORY_TEXTS.notFound, undefined, 404, intent);
    }
    return ok(CATEGORY_TEXTS.updated, intent);
  },
  [CATEGORY_INTENTS.delete]: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    if (!(await deleteCategory(services().database.db, id))) return fail(CATEGORY_TEXTS.notFound, undefined, 404, intent);
    return ok(CATEGORY_TEXTS.deleted, intent);
  },
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle, { failed: "Failed to save the category" });
}

type CategoryItem = Route.ComponentProps["loaderData"]["categories"][number];

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const [editing, setEditing] = useState<number | null>(null);
  const remove = useAdminForm();
  return (
    <div>
      <PageHeader title="Categories" subtitle="The blog's categories: the sidebar lists them, and each has a page and a feed of its posts. Posts choose theirs in the post editor." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="min-w-0 p-0">
          {categories.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">No categories yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {categories.map((c) => (
                <li key={c.id} className="px-4 py-3" data-testid="category-row">
                  {editing === c.id ? (
                    <EditCategory category={c} onDone={() => setEditing(null)} />
                  ) : (
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-medium">{c.name}</p>
                        <a href={categoryPath(c.slug)} className="break-all font-mono text-xs text-brand-700 hover:underline" target="_blank" rel="noreferrer">
                          {categoryPath(c.slug)}
                        </a>
                        {c.description ? <p className="mt-1 text-sm text-slate-600">{c.description}</p> : null}
                        <p className="mt-1 text-xs text-slate-500">
                          {c.posts} post{c.posts === 1 ? "" : "s"}
                        </p>
                      </div>
                      <div className="flex gap-1">
                        <Button variant="ghost" className="px-2" onClick={() => setEditing(c.id)} aria-label={`Edit ${c.name}`}>
                          <Pencil className="h-4 w-4" aria-hidden="true" />
                        </Button>
                        <ConfirmIntentButton
                          form={remove}
                          values={{ intent: CATEGORY_INTENTS.delete, id: c.id }}
                          title={`Delete the category ${c.name}?`}
                          description={`Its posts stay on the blog, in their other categories; ${categoryPath(c.slug)} will answer "not found".`}
                          variant="ghost"
                          className="px-2 text-red-700 hover:bg-red-50"
                          aria-label={`Delete ${c.name}`}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </ConfirmIntentButton>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <AddCategory />
      </div>
    </div>
  );
}

function CategoryFields({ values, errors }: { values?: Pick<CategoryItem, "name" | "slug" | "description">; errors: Record<string, string | undefined> }) {
  return (
    <>
      <Field label="Name" name="name" required maxLength={CATEGORY_LIMITS.name} defaultValue={values?.name} error={errors.name} />
      <Field
        label="Slug"
        name="slug"
        maxLength={CATEGORY_LIMITS.slug}
        defaultValue={values?.slug}
        error={errors.slug}
        hint={values ? "Changing it moves the page; the old address redirects (301)." : "Made from the name when left empty."}
        spellCheck={false}
        autoCapitalize="off"
      />
      <TextareaField label="Description" name="description" rows={2} maxLength={CATEGORY_LIMITS.description} defaultValue={values?.description} error={errors.description} hint="Shown under the category's heading and as its page description." />
    </>
  );
}

function EditCategory({ category, onDone }: { category: CategoryItem; onDone: () => void }) {
  const edit = useAdminForm({ schema: categoryFormSchema, onSuccess: onDone });
  return (
    <edit.fetcher.Form method="post" noValidate onSubmit={edit.onSubmit} className="flex flex-col gap-3" aria-label={`Edit ${category.name}`}>
      <input type="hidden" name="intent" value={CATEGORY_INTENTS.update} />
      <input type="hidden" name="id" value={category.id} />
      <CategoryFields values={category} errors={edit.errors} />
      <div className="flex gap-2">
        <Button type="submit" disabled={edit.busy}>
          {edit.busy ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </edit.fetcher.Form>
  );
}

function AddCategory() {
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useCallback(() => formRef.current?.reset(), []);
  const add = useAdminForm({ schema: categoryFormSchema, onSuccess: reset });
  return (
    <Card className="h-fit p-4">
      <h2 className="font-semibold">Add a category</h2>
      <add.fetcher.Form ref={formRef} method="post" noValidate onSubmit={add.onSubmit} className="mt-3 flex flex-col gap-3" aria-label="Add a category">
        <input type="hidden" name="intent" value={CATEGORY_INTENTS.create} />
        <CategoryFields errors={add.errors} />
        <Button type="submit" disabled={add.busy}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {add.busy ? "Adding..." : "Add Category"}
        </Button>
      </add.fetcher.Form>
    </Card>
  );
}
