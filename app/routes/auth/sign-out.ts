import { redirect } from "react-router";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/sign-out";

/** Ends the session (if any) and returns to the home page. */
export async function action({ request }: Route.ActionArgs) {
  const { headers } = await services()
    .auth.api.signOut({ headers: request.headers, returnHeaders: true })
    .catch(() => ({ headers: new Headers() }));
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return redirect("/", { headers: out });
}

export const loader = () => redirect("/");
