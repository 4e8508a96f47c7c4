import { Download, Plus, Trash2, Upload } from "lucide-react";
import { useCallback, useRef } from "react";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextareaField } from "#app/components/ui/textarea-field.tsx";
import { adminAction, byIntent, fail, INVALID_ID, ok, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { deleteRedirect, listRedirects, saveRedirect } from "#app/server/queries/redirects.server.ts";
import { normaliseTarget, parseRedirectCsv } from "#app/server/redirects/rules.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/redirects";
import { FileInput } from "#app/components/ui/file-input.tsx";
import { shortDate } from "#app/lib/admin/time-ago.ts";

// Redirects (issue 29): old addresses and where they lead, with hits; slug changes add theirs
// here by themselves. Loops and rules that would hide a live page are refused.

const INTENTS = { add: "add", delete: "delete", import: "import" } as const;
const MAX_IMPORT_LINES = 5000;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { redirects: await listRedirects(services().database.db) };
}

export const meta: Route.MetaFunction = () => [{ title: "Redirects · Admin" }, { name: "robots", content: "noindex" }];

const handle = byIntent({
  [INTENTS.add]: async (form, intent) => {
    const to = normaliseTarget(String(form.get("to") ?? ""));
    if (!to) return fail("The new address must be a path starting with / or an http(s) address.", { to: "A path starting with / or an http(s) address" }, 400, intent);
    const status = form.get("status") === "302" ? 302 : 301;
    const saved = await saveRedirect(services().database.db, { from: String(form.get("from") ?? ""), to, status });
    if (!saved.ok) return fail(saved.message, { [saved.reason === "invalid-from" || saved.reason === "shadows" || saved.reason === "duplicate" ? "from" : "to"]: saved.message }, 400, intent);
    return ok("Redirect added", intent);
  },
  [INTENTS.delete]: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    if (!(await deleteRedirect(services().database.db, id))) return fail("Redirect not found", undefined, 404, intent);
    return ok("Redirect deleted", intent);
  },
  [INTENTS.import]: async (form, intent) => {
    const file = form.get("file");
    const pasted = String(form.get("csv") ?? "");
    const text = file instanceof File && file.size > 0 ? await file.text() : pasted;
    const lines = parseRedirectCsv(text);
    if (lines.length === 0) return fail("Choose a CSV file or paste lines of from,to[,status].", undefined, 400, intent);
    if (lines.length > MAX_IMPORT_LINES) return fail(`At most ${MAX_IMPORT_LINES} redirects at once.`, undefined, 400, intent);
    const refused: string[] = [];
    let added = 0;
    for (const line of lines) {
      if ("error" in line) {
        refused.push(`line ${line.line}: ${line.error}`);
        continue;
      }
      const saved = await saveRedirect(services().database.db, line);
      if (saved.ok) added++;
      else refused.push(`line ${line.line}: ${saved.message}`);
    }
    const summary = `${added} redirect${added === 1 ? "" : "s"} imported${refused.length ? `, ${refused.length} refused (${refused.slice(0, 3).join("; ")}${refused.length > 3 ? "; …" : ""})` : ""}.`;
    return added === 0 ? fail(summary, undefined, 400, intent) : ok(summary, intent);
  },
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle, { failed: "Failed to save redirects" });
}

export default function Redirects({ loaderData }: Route.ComponentProps) {
  const { redirects } = loaderData;
  const change = useAdminForm();
  return (
    <div>
      <PageHeader
        title="Redirects"
        subtitle="Old addresses and where they lead. Changing the slug of a post, page or tool adds its 301 here by itself."
        actions={
          <a href="/admin/redirects/export.csv" download className={buttonClass("secondary")}>
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </a>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="min-w-0 p-0">
          {redirects.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">No redirects yet.</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[640px] text-left text-sm">
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-medium">From</th>
                    <th scope="col" className="px-4 py-3 font-medium">To</th>
                    <th scope="col" className="px-4 py-3 font-medium">Type</th>
                    <th scope="col" className="px-4 py-3 text-right font-medium">Hits</th>
                    <th scope="col" className="px-4 py-3 font-medium">Last hit</th>
                    <th scope="col" className="px-4 py-3 font-medium"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {redirects.map((r) => (
                    <tr key={r.id} className="border-b border-slate-100 last:border-0" data-testid="redirect-row">
                      <td className="max-w-[16rem] break-all px-4 py-3 font-mono text-xs">{r.from}</td>
                      <td className="max-w-[16rem] break-all px-4 py-3 font-mono text-xs">{r.to}</td>
                      <td className="whitespace-nowrap px-4 py-3">{r.status === 301 ? "301 permanent" : "302 temporary"}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{r.hits}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-600">{r.lastHitAt ? shortDate(r.lastHitAt) : "Never"}</td>
                      <td className="px-4 py-3">
                        <ConfirmIntentButton
                          form={change}
                          values={{ intent: INTENTS.delete, id: r.id }}
                          title="Delete this redirect?"
                          description={`${r.from} will answer "not found" again.`}
                          variant="ghost"
                          className="px-2 text-red-700 hover:bg-red-50"
                          aria-label={`Delete the redirect from ${r.from}`}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </ConfirmIntentButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <div className="flex flex-col gap-6">
          <AddRedirect />
          <ImportRedirects />
        </div>
      </div>
    </div>
  );
}

function AddRedirect() {
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useCallback(() => formRef.current?.reset(), []);
  const add = useAdminForm({ onSuccess: reset });
  return (
    <Card className="h-fit p-4">
      <h2 className="font-semibold">Add a redirect</h2>
      <add.fetcher.Form ref={formRef} method="post" noValidate className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value={INTENTS.add} />
        <Field label="From (old address)" name="from" required maxLength={2000} placeholder="/blog/old-post" error={add.errors.from} spellCheck={false} autoCapitalize="off" />
        <Field label="To (new address)" name="to" required maxLength={2000} placeholder="/blog/new-post or https://..." error={add.errors.to} spellCheck={false} autoCapitalize="off" />
        <SelectField
          label="Type"
          name="status"
          defaultValue="301"
          options={[
            { value: "301", label: "301 permanent (moved for good)" },
            { value: "302", label: "302 temporary" },
          ]}
        />
        <Button type="submit" disabled={add.busy}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {add.busy ? "Adding..." : "Add Redirect"}
        </Button>
      </add.fetcher.Form>
    </Card>
  );
}

function ImportRedirects() {
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useCallback(() => formRef.current?.reset(), []);
  const importing = useAdminForm({ onSuccess: reset });
  return (
    <Card className="h-fit p-4">
      <h2 className="font-semibold">Import CSV</h2>
      <p className="mt-1 text-sm text-slate-600">
        One redirect a line: <span className="font-mono">from,to,status</span> (status 301 or 302, 301 when left out). An exported file imports as it is.
      </p>
      <importing.fetcher.Form ref={formRef} method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value={INTENTS.import} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="redirects-csv-file" className="text-sm font-medium">
            CSV file
          </label>
          <FileInput id="redirects-csv-file" name="file" accept=".csv,text/csv,text/plain" />
        </div>
        <TextareaField label="Or paste lines" name="csv" rows={4} placeholder={"/old-path,/new-path,301"} spellCheck={false} />
        <Button type="submit" variant="secondary" disabled={importing.busy}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {importing.busy ? "Importing..." : "Import"}
        </Button>
      </importing.fetcher.Form>
    </Card>
  );
}
