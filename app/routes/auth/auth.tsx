import { Tabs } from "radix-ui";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import { toast } from "#app/components/ui/toast.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { postAuth } from "#app/lib/auth-api.ts";
import { FIRST_ADMIN_NOTE, LATER_ACCOUNT_NOTE, RESET_LINK_REQUESTED } from "#app/lib/auth-messages.ts";
import { PASSWORD_MIN, PASSWORD_REFUSED_CODE, credentialsSchema, forgotPasswordSchema, newPasswordSchema, type FieldErrors } from "#app/lib/auth-schemas.ts";
import { checkForm } from "#app/lib/forms.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { nextAccountBecomesAdmin } from "#app/server/auth/first-admin.server.ts";
import { allowsNewAccounts, currentSiteName } from "#app/server/queries/settings.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/auth";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSession(request)) throw redirect("/admin/dashboard");
  const { db } = services().database;
  // read on every visit (the page is never cached), so switching it off hides the tab at once
  const [allowSignUp, siteName, firstAccountIsAdmin] = await Promise.all([allowsNewAccounts(db), currentSiteName(db), nextAccountBecomesAdmin(db)]);
  return { allowSignUp, siteName, firstAccountIsAdmin };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Admin sign-in · ${loaderData.siteName}` : "Admin sign-in" },
  { name: "robots", content: "noindex" },
];

type Mode = "signin" | "signup" | "forgot" | "reset";

/** The toast title; the server's message (e.g. how long to wait after too many attempts) is the description. */
const errorTitle = (status: number) => (status === 429 ? "Too many attempts" : "Error");

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { allowSignUp, siteName, firstAccountIsAdmin } = loaderData;
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  const [mode, setMode] = useState<Mode>(token ? "reset" : linkError ? "forgot" : "signin");

  // A bad reset link comes back with its error in the URL (shown once).
  const shownError = useRef<string | null>(null);
  useEffect(() => {
    if (!linkError || shownError.current === linkError) return;
    shownError.current = linkError;
    const description = params.get("error_description") || "Email link is invalid or expired.";
    toast.error("Reset link error", { description });
    const next = new URLSearchParams(params);
    next.delete("error");
    next.delete("error_description");
    setParams(next, { replace: true });
  }, [linkError, params, setParams]);

  return (
    // the sign-in page is light whatever the theme: its text must be too (the dark theme's light text sat on the white card)
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-4 text-slate-900">
      <Link to="/" className="text-center text-lg font-semibold text-slate-900 hover:text-brand-700" data-testid="auth-site-name">
        {siteName}
      </Link>
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold">Admin Access</h1>
        {mode === "reset" && token ? (
          <NewPasswordForm
            token={token}
            onDone={() => {
              setParams(new URLSearchParams(), { replace: true });
              setMode("signin");
            }}
          />
        ) : mode === "forgot" ? (
          <ForgotPasswordForm onBack={() => setMode("signin")} />
        ) : (
          <Tabs.Root value={mode} onValueChange={(v) => setMode(v as Mode)} className="mt-6">
            <Tabs.List className={`grid ${allowSignUp ? "grid-cols-2" : "grid-cols-1"} rounded-lg bg-slate-100 p-1`} aria-label="Sign in or sign up">
              {(allowSignUp ? (["signin", "signup"] as const) : (["signin"] as const)).map((m) => (
                <Tabs.Trigger
                  key={m}
                  value={m}
                  className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
                >
                  {m === "signin" ? "Sign In" : "Sign Up"}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="signin" className="mt-6">
              <CredentialsForm kind="signin" onForgot={() => setMode("forgot")} />
            </Tabs.Content>
            {allowSignUp ? (
              <Tabs.Content value="signup" className="mt-6">
                <p className={`mb-4 rounded-md p-3 text-sm ${firstAccountIsAdmin ? "bg-brand-50 text-brand-900" : "bg-slate-100 text-slate-700"}`} data-testid="sign-up-note">
                  {firstAccountIsAdmin ? FIRST_ADMIN_NOTE : LATER_ACCOUNT_NOTE}
                </p>
                <CredentialsForm kind="signup" />
              </Tabs.Content>
            ) : null}
          </Tabs.Root>
        )}
      </Card>
      <Link to="/" className="text-sm text-brand-700 underline hover:text-brand-600">
        ← Back to {siteName}
      </Link>
    </main>
  );
}

/** Whether a sign-in or sign-up answer signed the browser in (it then names the user). */
const signedIn = (data: unknown) => typeof data === "object" && data !== null && "user" in data;

const messageOf = (data: unknown) =>
  typeof data === "object" && data !== null && "message" in data && typeof data.message === "string" ? data.message : "Thanks! Your sign-up was received.";

function CredentialsForm({ kind, onForgot }: { kind: "signin" | "signup"; onForgot?: () => void }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parsed = checkForm(credentialsSchema, { email: form.get("email"), password: form.get("password") });
    if (!parsed.ok) return setErrors(parsed.fieldErrors);
    setErrors({});
    setBusy(true);
    const { email, password } = parsed.data;
    const result =
      kind === "signup"
        ? await postAuth("/sign-up/email", { email, password, name: email.split("@")[0] })
        : await postAuth("/sign-in/email", { email, password });
    setBusy(false);
    if (!result.ok) {
      // a password the policy refuses (too common) is said under the field
      if (result.code === PASSWORD_REFUSED_CODE) return setErrors({ password: result.message });
      toast.error(errorTitle(result.status), { description: result.message });
      return;
    }
    if (kind === "signup") {
      // Only the site's first account (its admin) is signed in at once; every other sign-up gets the
      // same answer whether or not the address already had an account, and a mail tells the rest.
      if (!signedIn(result.data)) {
        // one message, the server's: it names an inbox only when mail really leaves (auth-messages.ts)
        toast.success(messageOf(result.data));
        formElement.reset();
        return;
      }
      toast.success("Account created successfully. Redirecting...");
    }
    // A full load so the admin area starts from a fresh server render with the new session.
    navigate("/admin/dashboard");
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete={kind === "signup" ? "new-password" : "current-password"}
        required
        minLength={PASSWORD_MIN}
        error={errors.password}
      />
      <Button type="submit" disabled={busy}>
        {kind === "signup" ? (busy ? "Creating account..." : "Sign Up") : busy ? "Signing in..." : "Sign In"}
      </Button>
      {onForgot ? (
        <button type="button" onClick={onForgot} className="text-sm text-brand-700 underline hover:text-brand-600">
          Forgot password?
        </button>
      ) : null}
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = checkForm(forgotPasswordSchema, { email: new FormData(event.currentTarget).get("email") });
    if (!parsed.ok) return setError(parsed.fieldErrors.email);
    setError(undefined);
    setSent(false);
    setBusy(true);
    const result = await postAuth("/request-password-reset", { email: parsed.data.email, redirectTo: "/auth" });
    setBusy(false);
    if (!result.ok) {
      toast.error(errorTitle(result.status), { description: result.message });
      return;
    }
    // the same words whatever the address and whether mail leaves the server (issue 29, finding 5)
    setSent(true);
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Reset your password</h2>
      <p className="text-sm text-slate-600">Enter your account's e-mail and we will send you a link to choose a new password.</p>
      <Field label="Email" name="email" type="email" autoComplete="email" required error={error} />
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Send Reset Link"}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {sent && !busy ? RESET_LINK_REQUESTED : ""}
      </p>
      <button type="button" onClick={onBack} className="text-sm text-brand-700 underline hover:text-brand-600">
        Back to sign in
      </button>
    </form>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = checkForm(newPasswordSchema, { password: new FormData(event.currentTarget).get("password") });
    if (!parsed.ok) return setError(parsed.fieldErrors.password);
    setError(undefined);
    setBusy(true);
    const result = await postAuth("/reset-password", { newPassword: parsed.data.password, token });
    setBusy(false);
    if (!result.ok) {
      // the link is fine, the password is not: say so under the field and keep the form
      if (result.code === PASSWORD_REFUSED_CODE) return setError(result.message);
      if (result.status === 429) toast.error(errorTitle(result.status), { description: result.message });
      else toast.error("Reset link error", { description: result.status === 400 ? "Email link is invalid or expired." : result.message });
      return;
    }
    toast.success("Password updated successfully. You can now sign in.");
    onDone();
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Set a new password</h2>
      <Field label="New Password" name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} error={error} />
      <Button type="submit" disabled={busy}>
        {busy ? "Updating..." : "Update Password"}
      </Button>
    </form>
  );
}
