import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { AdminTabs } from "#app/components/admin/site/admin-tabs.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { MenuTargetPicker } from "#app/components/admin/site/menu-target-picker.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { checkMenuItem, checkMenuItemEdit, MENU_FILL_MESSAGE, type MenuType } from "#app/lib/admin/menu-form.ts";
import type { MenuTargetGroup } from "#app/lib/admin/menu-targets.ts";
import { adminAction, byIntent, fail, INVALID_ID, ok, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import { addMenuItem, deleteMenuItem, listMenuItems, listMenuTargets, moveMenuItem, updateMenuItem, type MenuRow } from "#app/server/queries/menus-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/menu";

// Menu Management: tabs Header Menu and Footer Menu; label and URL required (typed, or picked from
// the site's pages, posts, tools and categories); items kept in order_index, each one editable.

const TEXTS = {
  added: "Menu item added successfully",
  updated: "Menu item updated successfully",
  deleted: "Menu item deleted successfully",
  moved: "Menu order updated",
  failed: "Failed to save menu",
  notFound: "Menu item not found",
  confirmDelete: "Are you sure you want to delete this menu item?",
} as const;
const INTENTS = { add: "add", update: "update", delete: "delete", move: "move" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = services().database;
  const [menus, targets] = await Promise.all([listMenuItems(db), listMenuTargets(db, publishNow())]);
  return { menus, targets };
}

export const meta: Route.MetaFunction = () => [{ title: "Menu Management · Admin" }, { name: "robots", content: "noindex" }];

const handle = byIntent({
  [INTENTS.add]: async (form, intent) => {
    const checked = checkMenuItem(form);
    if (!checked.ok) return fail(checked.firstMessage || TEXTS.failed, checked.fieldErrors, 400, intent);
    await addMenuItem(services().database.db, { ...checked.data, author_url: null });
    return ok(TEXTS.added, intent);
  },
  [INTENTS.update]: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    const checked = checkMenuItemEdit(form);
    if (!checked.ok) return fail(checked.firstMessage || TEXTS.failed, checked.fieldErrors, 400, intent);
    if (!(await updateMenuItem(services().database.db, id, checked.data))) return fail(TEXTS.notFound, undefined, 404, intent);
    return ok(TEXTS.updated, intent);
  },
  [INTENTS.delete]: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    if (!(await deleteMenuItem(services().database.db, id))) return fail(TEXTS.notFound, undefined, 404, intent);
    return ok(TEXTS.deleted, intent);
  },
  [INTENTS.move]: async (form, intent) => {
    const id = parseId(form.get("id"));
    const direction = form.get("direction");
    if (!id || (direction !== "up" && direction !== "down")) return fail("Missing or invalid id or direction.", undefined, 400, intent);
    if (!(await moveMenuItem(services().database.db, id, direction))) return fail(TEXTS.notFound, undefined, 404, intent);
    return ok(TEXTS.moved, intent);
  },
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle, { failed: TEXTS.failed });
}

export default function MenuManagement({ loaderData }: Route.ComponentProps) {
  const { menus, targets } = loaderData;
  return (
    <div>
      <PageHeader title="Menu Management" subtitle="The links in the public header and footer, in order." />
      <AdminTabs
        label="Menus"
        defaultValue="header"
        tabs={[
          { value: "header", label: "Header Menu", content: <MenuPanel type="header" items={menus.header} targets={targets} /> },
          { value: "footer", label: "Footer Menu", content: <MenuPanel type="footer" items={menus.footer} targets={targets} /> },
        ]}
      />
    </div>
  );
}

function addFormCheck(form: FormData): Record<string, string> | null {
  const checked = checkMenuItem(form);
  return checked.ok ? null : checked.fieldErrors;
}

function editFormCheck(form: FormData): Record<string, string> | null {
  const checked = checkMenuItemEdit(form);
  return checked.ok ? null : checked.fieldErrors;
}

const fillToast = (errors: Record<string, string>) =>
  errors.label === MENU_FILL_MESSAGE || errors.url === MENU_FILL_MESSAGE ? MENU_FILL_MESSAGE : (Object.values(errors)[0] ?? TEXTS.failed);

/** An item's label and target, edited in place; closes when saved. */
function EditMenuItem({ item, targets, onDone }: { item: MenuRow; targets: MenuTargetGroup[]; onDone: () => void }) {
  const edit = useAdminForm({ check: editFormCheck, stoppedToast: fillToast, onSuccess: onDone });
  return (
    <edit.fetcher.Form method="post" onSubmit={edit.onSubmit} noValidate className="flex w-full flex-col gap-3 rounded-lg bg-slate-50 p-3" aria-label={`Edit ${item.label}`}>
      <input type="hidden" name="intent" value={INTENTS.update} />
      <input type="hidden" name="id" value={item.id} />
      <Field label="Label" name="label" maxLength={100} defaultValue={item.label} error={edit.errors.label} />
      <MenuTargetPicker groups={targets} />
      <Field label="URL" name="url" maxLength={2000} defaultValue={item.url} placeholder="/page/about or https://..." error={edit.errors.url} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={edit.busy}>
          {edit.busy ? "Saving..." : "Save"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </edit.fetcher.Form>
  );
}

function MenuPanel({ type, items, targets }: { type: MenuType; items: MenuRow[]; targets: MenuTargetGroup[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resetForm = useCallback(() => formRef.current?.reset(), []);
  const add = useAdminForm({
    check: addFormCheck,
    stoppedToast: fillToast,
    onSuccess: resetForm,
  });
  const change = useAdminForm();
  const name = type === "header" ? "Header" : "Footer";
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="p-0">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold">{name} menu items</h2>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">No items in this menu yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label={`${name} menu items`}>
            {items.map((item, index) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="menu-item">
                <span className="w-6 shrink-0 text-sm tabular-nums text-slate-500">{index + 1}.</span>
                <div className="min-w-0 flex-1 basis-40">
                  <p className="truncate font-medium">{item.label}</p>
                  <p className="truncate font-mono text-xs text-slate-600">{item.url}</p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <Button
                    variant="ghost"
                    className="px-2"
                    aria-label={`Edit ${item.label}`}
                    aria-expanded={editing === item.id}
                    onClick={() => setEditing(editing === item.id ? null : item.id)}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    aria-label={`Move ${item.label} up`}
                    disabled={index === 0 || change.busy}
                    onClick={() => change.fetcher.submit({ intent: INTENTS.move, id: item.id, direction: "up" }, { method: "post" })}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    aria-label={`Move ${item.label} down`}
                    disabled={index === items.length - 1 || change.busy}
                    onClick={() => change.fetcher.submit({ intent: INTENTS.move, id: item.id, direction: "down" }, { method: "post" })}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <ConfirmIntentButton
                    form={change}
                    values={{ intent: INTENTS.delete, id: item.id }}
                    title={TEXTS.confirmDelete}
                    description={`"${item.label}" is removed from the ${type} menu.`}
                    variant="ghost"
                    className="px-2 text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${item.label}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </ConfirmIntentButton>
                </div>
                {editing === item.id ? <EditMenuItem item={item} targets={targets} onDone={() => setEditing(null)} /> : null}
              </li>
            ))}
          </ol>
        )}
      </Card>

      <Card className="h-fit p-4">
        <h2 className="font-semibold">Add {name.toLowerCase()} item</h2>
        <add.fetcher.Form ref={formRef} method="post" onSubmit={add.onSubmit} noValidate className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value={INTENTS.add} />
          <input type="hidden" name="menu_type" value={type} />
          <MenuTargetPicker groups={targets} />
          <Field label="Label" name="label" maxLength={100} placeholder="About" error={add.errors.label} />
          <Field label="URL" name="url" maxLength={2000} placeholder="/page/about or https://..." error={add.errors.url} />
          <Button type="submit" disabled={add.busy}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {add.busy ? "Adding..." : "Add Item"}
          </Button>
        </add.fetcher.Form>
      </Card>
    </div>
  );
}
