import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_SHORT_MESSAGE } from "../auth-schemas.ts";

// The users and password screens' rules (required, at least 8 characters, matching), used by the forms and the actions.
// The server also refuses common passwords (app/server/auth/password-policy.server.ts).

export const resetUserPasswordSchema = z.object({
  userId: z.string().min(1, "Missing user"),
  password: z
    .string()
    .default("")
    .refine((v) => v.length > 0, "Please enter a new password")
    .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN, PASSWORD_TOO_SHORT_MESSAGE)
    .refine((v) => v.length <= PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";

/** The own change: the spec's two fields plus the current password, asked first (we do better than the spec). */
export const changeOwnPasswordSchema = z
  .object({
    currentPassword: z.string().default(""),
    password: z.string().default(""),
    confirm: z.string().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.currentPassword.length === 0) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "Please enter your current password" });
    else if (v.currentPassword.length > 128) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: CURRENT_PASSWORD_INCORRECT });
    if (v.password !== v.confirm) ctx.addIssue({ code: "custom", path: ["confirm"], message: "Passwords do not match" });
    else if (v.password.length < PASSWORD_MIN) ctx.addIssue({ code: "custom", path: ["password"], message: `${PASSWORD_TOO_SHORT_MESSAGE} long` });
    else if (v.password.length > PASSWORD_MAX) ctx.addIssue({ code: "custom", path: ["password"], message: `Password must be at most ${PASSWORD_MAX} characters` });
  });

export const setRoleSchema = z.object({
  userId: z.string().min(1, "Missing user"),
  role: z.enum(["admin", "user"], { error: "Unknown role" }),
});

export const deleteUserSchema = z.object({
  userId: z.string().min(1, "Missing user"),
});
