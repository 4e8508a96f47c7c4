import { isAPIError } from "better-auth/api";
import { CURRENT_PASSWORD_INCORRECT } from "#app/lib/admin/password-forms.ts";
import { PASSWORD_REFUSED_CODE } from "#app/lib/auth-schemas.ts";
import type { Auth } from "./auth.server.ts";

export type OwnPasswordChange =
  | { ok: true; setCookies: string[] }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * The signed-in user changes their own password: better-auth checks the current one, writes the new
 * one and, in the same transaction, ends every session of the account and opens a fresh one for this
 * browser (its cookies are in `setCookies`: the caller must pass them on, or it is signed out too).
 */
export async function changeOwnPassword(auth: Auth, headers: Headers, input: { currentPassword: string; newPassword: string }): Promise<OwnPasswordChange> {
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD") {
      return { ok: false, message: CURRENT_PASSWORD_INCORRECT, fieldErrors: { currentPassword: CURRENT_PASSWORD_INCORRECT } };
    }
    // the password policy's refusal belongs under the new password field
    if (isAPIError(error) && error.body?.code === PASSWORD_REFUSED_CODE) return { ok: false, message: error.message, fieldErrors: { password: error.message } };
    if (isAPIError(error) && error.message) return { ok: false, message: error.message };
    throw error;
  }
}
