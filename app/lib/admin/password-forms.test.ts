import { describe, expect, it } from "vitest";
import { changeOwnPasswordSchema, resetUserPasswordSchema, setRoleSchema } from "./password-forms.ts";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("password forms", () => {
  it("admin reset: required, then at least 8", () => {
    expect(firstMessage(resetUserPasswordSchema.safeParse({ userId: "u1", password: "" }))).toBe("Please enter a new password");
    expect(firstMessage(resetUserPasswordSchema.safeParse({ userId: "u1" }))).toBe("Please enter a new password");
    expect(firstMessage(resetUserPasswordSchema.safeParse({ userId: "u1", password: "1234567" }))).toBe("Password must be at least 8 characters");
    expect(resetUserPasswordSchema.safeParse({ userId: "u1", password: "12345678" }).success).toBe(true);
  });
  it("own change: must match, then at least 8 (long wording)", () => {
    const current = { currentPassword: "old-secret" };
    expect(firstMessage(changeOwnPasswordSchema.safeParse({ ...current, password: "abcdef", confirm: "abcdeg" }))).toBe("Passwords do not match");
    expect(firstMessage(changeOwnPasswordSchema.safeParse({ ...current, password: "abcdefg", confirm: "abcdefg" }))).toBe("Password must be at least 8 characters long");
    expect(changeOwnPasswordSchema.safeParse({ ...current, password: "abcdefgh", confirm: "abcdefgh" }).success).toBe(true);
  });
  it("own change: the current password is asked first", () => {
    const missing = changeOwnPasswordSchema.safeParse({ password: "abcdef", confirm: "abcdeg" });
    expect(missing.success ? [] : missing.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["currentPassword", "Please enter your current password"],
      ["confirm", "Passwords do not match"],
    ]);
    expect(firstMessage(changeOwnPasswordSchema.safeParse({ currentPassword: "x".repeat(129), password: "abcdef", confirm: "abcdef" }))).toBe("Current password is incorrect");
  });
  it("roles are admin or user", () => {
    expect(setRoleSchema.safeParse({ userId: "u", role: "admin" }).success).toBe(true);
    expect(firstMessage(setRoleSchema.safeParse({ userId: "u", role: "owner" }))).toBe("Unknown role");
  });
});
