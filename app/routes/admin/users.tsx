import { isAPIError } from "better-auth/api";
import { Dialog } from "radix-ui";
import { useCallback, useMemo, useState } from "react";
import { data } from "react-router";
import { Badge, PageHeader } from "#app/components/admin/page-header.tsx";
import { ConfirmIntentButton } from "#app/components/admin/site/confirm-intent-button.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { deleteUserSchema, resetUserPasswordSchema, setRoleSchema } from "#app/lib/admin/password-forms.ts";
import { PASSWORD_MIN } from "#app/lib/auth-schemas.ts";
import { parseAdminPage } from "#app/lib/pagination.ts";
import { adminAction, byIntent, fail, ok, parseForm } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { throttlePasswordChange } from "#app/server/auth/throttle.server.ts";
import { getUserRole, listUsersWithRoles } from "#app/server/queries/users-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/users";
import { shortDate } from "#app/lib/admin/time-ago.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  try {
    const list = await listUsersWithRoles(services().database.db, parseAdminPage(new URL(request.url).searchParams.get("page")));
    return { users: list.rows, paging: { page: list.page, pageCount: list.pageCount, total: list.total }, me: session.user.id, loadError: null };
  } catch (error) {
    console.warn("[admin] listing users failed:", error);
    return data({ users: [], paging: { page: 1, pageCount: 1, total: 0 }, me: session.user.id, loadError: "Failed to load users" }, { status: 500 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, intents(request, context));
}

/** The action's three forms, after its guard; run inside adminAction (the form read safely, failures answered as a toast). */
function intents(request: Request, context: Route.ActionArgs["context"]) {
  return byIntent({
    "reset-password": async (form, intent) => {
      const throttled = await throttlePasswordChange(context, intent);
      if (throttled) return throttled;
      const parsed = parseForm(form, resetUserPasswordSchema);
      if (!parsed.ok) return parsed.answer;
      const input = parsed.data;
      const { auth, database } = services();
      if (!(await getUserRole(database.db, input.userId))) return fail("User not found", undefined, 404, intent);
      try {
        await auth.api.setUserPassword({ body: { userId: input.userId, newPassword: input.password }, headers: request.headers });
      } catch (error) {
        return fail(error instanceof Error && error.message ? error.message : "Failed to update password", undefined, 400, intent);
      }
      return ok("Password updated successfully", intent);
    },
    "set-role": async (form, intent) => {
      const parsed = parseForm(form, setRoleSchema);
      if (!parsed.ok) return parsed.answer;
      const input = parsed.data;
      // The rules (never demote yourself, never leave zero admins) run inside setRole, on every path.
      try {
        await services().auth.api.setRole({ body: { userId: input.userId, role: input.role }, headers: request.headers });
      } catch (error) {
        if (isAPIError(error)) return fail(error.message || "Failed to change the role", undefined, error.statusCode, intent);
        throw error;
      }
      return ok(input.role === "admin" ? "User is now an admin" : "Admin rights removed", intent);
    },
    "delete-user": async (form, intent) => {
      const parsed = parseForm(form, deleteUserSchema);
      if (!parsed.ok) return parsed.answer;
      // The rules (never yourself, never the last admin) and the one transaction run inside removeUser, on every path.
      try {
        await services().auth.api.removeUser({ body: { userId: parsed.data.userId }, headers: request.headers });
      } catch (error) {
        if (isAPIError(error)) return fail(error.message || "Failed to delete the user", undefined, error.statusCode, intent);
        throw error;
      }
      return ok("User deleted", intent);
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin" }];

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, paging, me, loadError } = loaderData;
  const [resetFor, setResetFor] = useState<{ id: string; email: string } | null>(null);
  const { fetcher: roleFetcher } = useAdminForm();
  const deleteForm = useAdminForm();
  const loadFailure = useMemo(() => (loadError ? { ok: false, message: loadError } : null), [loadError]);
  useActionToast(loadFailure);

  return (
    <div>
      <PageHeader title="User Management" subtitle="Manage users and their roles" />
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Email</th>
              <th scope="col" className="px-4 py-3 font-medium">Role</th>
              <th scope="col" className="px-4 py-3 font-medium">Created</th>
              <th scope="col" className="px-4 py-3 font-medium">Last Sign In</th>
              <th scope="col" className="px-4 py-3 font-medium">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-b border-slate-100 last:border-0" data-testid={`user-row-${u.email}`}>
                <td className="px-4 py-3 font-medium">
                  {u.email}
                  {u.id === me ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
                </td>
                <td className="px-4 py-3">{u.role === "admin" ? <Badge tone="brand">admin</Badge> : <Badge>user</Badge>}</td>
                <td className="px-4 py-3 text-slate-600">{shortDate(u.createdAt)}</td>
                <td className="px-4 py-3 text-slate-600">{u.lastSignInAt ? shortDate(u.lastSignInAt) : "Never"}</td>
                <td className="px-4 py-3">
                  <div className="flex gap-2 whitespace-nowrap">
                    <Button variant="secondary" className="px-3 py-1.5" onClick={() => setResetFor({ id: u.id, email: u.email })}>
                      Reset Password
                    </Button>
                    {u.id !== me ? (
                      <roleFetcher.Form method="post">
                        <input type="hidden" name="intent" value="set-role" />
                        <input type="hidden" name="userId" value={u.id} />
                        <input type="hidden" name="role" value={u.role === "admin" ? "user" : "admin"} />
                        <Button type="submit" variant="ghost" className="px-3 py-1.5">
                          {u.role === "admin" ? "Remove admin" : "Make admin"}
                        </Button>
                      </roleFetcher.Form>
                    ) : null}
                    {u.id !== me ? (
                      <ConfirmIntentButton
                        form={deleteForm}
                        values={{ intent: "delete-user", userId: u.id }}
                        title="Are you sure you want to delete this user?"
                        description={`${u.email} will be deleted with their password and sessions, and signed out everywhere. This cannot be undone.`}
                        confirmLabel="Delete user"
                        variant="danger"
                        className="px-3 py-1.5"
                      >
                        Delete
                      </ConfirmIntentButton>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager path="/admin/users" page={paging.page} pageCount={paging.pageCount} label="User pages" />
      <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
    </div>
  );
}

/** 'Reset User Password': closing or success clears the user and the field. */
function ResetPasswordDialog({ user, onClose }: { user: { id: string; email: string } | null; onClose: () => void }) {
  const [password, setPassword] = useState("");
  const closeEmpty = useCallback(() => {
    setPassword("");
    onClose();
  }, [onClose]);
  const { fetcher, errors, onSubmit, busy, clearErrors } = useAdminForm({ schema: resetUserPasswordSchema, onSuccess: closeEmpty });
  // closing by hand also drops the browser's message
  const close = () => {
    clearErrors();
    closeEmpty();
  };

  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Reset User Password</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">Set a new password for {user?.email}.</Dialog.Description>
          <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
            <input type="hidden" name="intent" value="reset-password" />
            <input type="hidden" name="userId" value={user?.id ?? ""} />
            <Field
              label="New Password"
              name="password"
              type="password"
              autoComplete="new-password"
              placeholder={`Enter new password (minimum ${PASSWORD_MIN} characters)`}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Updating..." : "Update Password"}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
