import { z } from "zod";

// The sign-in page's rules (e-mail required, password at least 6 characters), shared by the browser hints and the server's own checks.
export const PASSWORD_MIN = 6;

export const emailSchema = z.email({ error: "Please enter a valid e-mail address" });
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const newPasswordSchema = z.object({ password: passwordSchema });

export type FieldErrors = Partial<Record<string, string>>;
