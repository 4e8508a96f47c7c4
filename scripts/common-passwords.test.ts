import { describe, expect, it } from "vitest";
import { pickCommonPasswords } from "./common-passwords.ts";

describe("common password list", () => {
  it("keeps the most frequent entries of 8 to 128 characters, lower-cased and once each, up to the count", () => {
    const ranked = ["123456", "password", "PASSWORD", "qwerty", "12345678", "x".repeat(129), "line\nbreak1", "iloveyou", "sunshine1"];
    expect(pickCommonPasswords(ranked, 3)).toEqual(["password", "12345678", "iloveyou"]);
    expect(pickCommonPasswords(ranked, 10)).toEqual(["password", "12345678", "iloveyou", "sunshine1"]);
  });
});
