import { useState } from "react";
import { data, useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { changeOwnPasswordSchema } from "~/lib/admin/password-forms";
import { checkForm } from "~/lib/forms";
import { adminAction, fail, ok, parseForm } from "~/server/admin/form.server";
import { changeOwnPassword } from "~/server/auth/password-change.server";
import { requireAdmin } from "~/server/auth/session.server";
import { throttlePasswordChange } from "~/server/auth/throttle.server";
import { services } from "~/server/services.server";
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

export default function Password() {
  const fetcher = useFetcher<typeof action>();
  const [values, setValues] = useState({ currentPassword: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useActionToast(fetcher.data, () => setValues({ currentPassword: "", password: "", confirm: "" }));
  const busy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const checked = checkForm(changeOwnPasswordSchema, values);
    if (!checked.ok) {
      event.preventDefault();
      setErrors(checked.fieldErrors);
      return;
    }
    setErrors({});
  };

  return (
    <div className="mx-auto max-w-lg">
      <Card className="p-6">
        <h1 className="text-xl font-bold">Change Password</h1>
        <p className="mt-1 text-sm text-slate-600">Update your admin account password</p>
        <fetcher.Form method="post" onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
          <Field
            label="Current Password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
            error={errors.currentPassword ?? serverErrors?.currentPassword}
          />
          <Field
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={6}
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            error={errors.password ?? serverErrors?.password}
          />
          <Field
            label="Confirm New Password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            minLength={6}
            value={values.confirm}
            onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))}
            error={errors.confirm ?? serverErrors?.confirm}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Changing Password..." : "Change Password"}
          </Button>
        </fetcher.Form>
      </Card>
    </div>
  );
}
