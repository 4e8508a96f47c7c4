import { z } from "zod";

// The sign-in page's rules (e-mail required, password at least 8 characters), shared by the browser hints and the server's own checks.
// The server also refuses common passwords (app/server/auth/password-policy.server.ts, decision 040).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;
/** The `code` of the server's answer when the password policy refuses a new password (its message says why). */
export const PASSWORD_REFUSED_CODE = "PASSWORD_REFUSED";

export const emailSchema = z.email({ error: "Please enter a valid e-mail address" });
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT_MESSAGE);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const newPasswordSchema = z.object({ password: passwordSchema });

export type FieldErrors = Partial<Record<string, string>>;
