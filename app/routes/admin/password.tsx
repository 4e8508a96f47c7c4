import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { changeOwnPasswordSchema } from "~/lib/admin/password-forms";
import { fail, ok, parseForm } from "~/server/admin/form.server";
import { requireAdmin } from "~/server/auth/session.server";
import { throttlePasswordChange } from "~/server/auth/throttle.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/password";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** The signed-in admin sets a new password for their own account (spec: no old password asked). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const throttled = await throttlePasswordChange(context);
  if (throttled) return throttled;
  const parsed = parseForm(await request.formData(), changeOwnPasswordSchema);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;
  try {
    await services().auth.api.setUserPassword({ body: { userId: session.user.id, newPassword: input.password }, headers: request.headers });
  } catch (error) {
    return fail(error instanceof Error && error.message ? error.message : "Failed to update password");
  }
  return ok("Password changed successfully");
}

export const meta: Route.MetaFunction = () => [{ title: "Password · Admin" }];

export default function Password() {
  const fetcher = useFetcher<typeof action>();
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useActionToast(fetcher.data, () => setValues({ password: "", confirm: "" }));
  const busy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = changeOwnPasswordSchema.safeParse(values);
    if (!parsed.success) {
      event.preventDefault();
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
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
