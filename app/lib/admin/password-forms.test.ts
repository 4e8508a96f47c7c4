import { describe, expect, it } from "vitest";
import { changeOwnPasswordSchema, resetUserPasswordSchema, setRoleSchema } from "./password-forms";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("password forms", () => {
  it("admin reset: required, then at least 6", () => {
    expect(firstMessage(resetUserPasswordSchema.safeParse({ userId: "u1", password: "" }))).toBe("Please enter a new password");
    expect(firstMessage(resetUserPasswordSchema.safeParse({ userId: "u1" }))).toBe("Please enter a new password");
    expect(firstMessage(resetUserPasswordSchema.safeParse({ userId: "u1", password: "12345" }))).toBe("Password must be at least 6 characters");
    expect(resetUserPasswordSchema.safeParse({ userId: "u1", password: "123456" }).success).toBe(true);
  });
  it("own change: must match, then at least 6 (long wording)", () => {
    expect(firstMessage(changeOwnPasswordSchema.safeParse({ password: "abcdef", confirm: "abcdeg" }))).toBe("Passwords do not match");
    expect(firstMessage(changeOwnPasswordSchema.safeParse({ password: "abc", confirm: "abc" }))).toBe("Password must be at least 6 characters long");
    expect(changeOwnPasswordSchema.safeParse({ password: "abcdef", confirm: "abcdef" }).success).toBe(true);
  });
  it("roles are admin or user", () => {
    expect(setRoleSchema.safeParse({ userId: "u", role: "admin" }).success).toBe(true);
    expect(firstMessage(setRoleSchema.safeParse({ userId: "u", role: "owner" }))).toBe("Unknown role");
  });
});
