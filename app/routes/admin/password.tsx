import { useCallback, useState } from "react";
import { data } from "react-router";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { changeOwnPasswordSchema } from "#app/lib/admin/password-forms.ts";
import { PASSWORD_MIN } from "#app/lib/auth-schemas.ts";
import { adminAction, fail, ok, parseForm } from "#app/server/admin/form.server.ts";
import { changeOwnPassword } from "#app/server/auth/password-change.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { throttlePasswordChange } from "#app/server/auth/throttle.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/password";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/**
 * The signed-in admin changes their own password: the current one is checked, and every other
 * session of the account ends (this browser gets a fresh session cookie and stays signed in).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, (form) => handle(request, context, form));
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(request: Request, context: Route.ActionArgs["context"], form: FormData) {
  const parsed = parseForm(form, changeOwnPasswordSchema);
  if (!parsed.ok) return parsed.answer;
  // counted before the current password is checked; a form that never parses costs nothing
  const throttled = await throttlePasswordChange(context);
  if (throttled) return throttled;
  const input = parsed.data;
  const changed = await changeOwnPassword(services().auth, request.headers, { currentPassword: input.currentPassword, newPassword: input.password });
  if (!changed.ok) return fail(changed.message, changed.fieldErrors);
  const headers = new Headers();
  for (const cookie of changed.setCookies) headers.append("Set-Cookie", cookie);
  return data(ok("Password changed successfully"), { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Password · Admin" }];

/** The three fields, in order; the new password's minimum is the schema's (6). */
const PASSWORD_FIELDS = [
  { name: "currentPassword", label: "Current Password", autoComplete: "current-password", minLength: undefined },
  { name: "password", label: "New Password", autoComplete: "new-password", minLength: PASSWORD_MIN },
  { name: "confirm", label: "Confirm New Password", autoComplete: "new-password", minLength: PASSWORD_MIN },
] as const;

export default function Password() {
  const [values, setValues] = useState({ currentPassword: "", password: "", confirm: "" });
  const emptyFields = useCallback(() => setValues({ currentPassword: "", password: "", confirm: "" }), []);
  const { fetcher, errors, onSubmit, busy } = useAdminForm({ schema: changeOwnPasswordSchema, onSuccess: emptyFields });

  return (
    <div className="mx-auto max-w-lg">
      <Card className="p-6">
        <h1 className="text-xl font-bold">Change Password</h1>
        <p className="mt-1 text-sm text-slate-600">Update your admin account password</p>
        <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
          {PASSWORD_FIELDS.map(({ name, label, autoComplete, minLength }) => (
            <Field
              key={name}
              label={label}
              name={name}
              type="password"
              autoComplete={autoComplete}
              required
              minLength={minLength}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              error={errors[name]}
            />
          ))}
          <Button type="submit" disabled={busy}>
            {busy ? "Changing Password..." : "Change Password"}
          </Button>
        </fetcher.Form>
      </Card>
    </div>
  );
}
