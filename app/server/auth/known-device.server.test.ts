import { describe, expect, it } from "vitest";
import { isKnownDevice, KNOWN_DEVICE_MAX_AGE_SECONDS, knownDeviceSetCookie } from "./known-device.server.ts";

const SECRET = "test-secret-test-secret-test-secret-0123";
const NOW = 1_800_000_000_000;
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("known device", () => {
  it("is a signed, HttpOnly cookie for one account that expires", () => {
    const header = knownDeviceSetCookie(SECRET, "digest-a", { now: NOW, secure: false });
    expect(header).toMatch(/^known_device=\d+\.digest-a\.[\w-]+; Max-Age=7776000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/);
    const cookie = `other=1; ${cookieOf(header)}`;
    expect(isKnownDevice(SECRET, cookie, "digest-a", NOW)).toBe(true);
    expect(isKnownDevice(SECRET, cookie, "digest-b", NOW)).toBe(false);
    expect(isKnownDevice("another-secret-another-secret-0000", cookie, "digest-a", NOW)).toBe(false);
    expect(isKnownDevice(SECRET, cookie, "digest-a", NOW + KNOWN_DEVICE_MAX_AGE_SECONDS * 1000 + 1)).toBe(false);
    expect(isKnownDevice(SECRET, null, "digest-a", NOW)).toBe(false);
  });

  it("refuses a changed expiry or signature, and takes the __Secure- name on https", () => {
    const value = cookieOf(knownDeviceSetCookie(SECRET, "digest-a", { now: NOW, secure: false })).split("=")[1]!;
    const [expires, digest, signature] = value.split(".");
    expect(isKnownDevice(SECRET, `known_device=${Number(expires) + 1000}.${digest}.${signature}`, "digest-a", NOW)).toBe(false);
    expect(isKnownDevice(SECRET, `known_device=${expires}.${digest}.${signature}x`, "digest-a", NOW)).toBe(false);
    const secure = knownDeviceSetCookie(SECRET, "digest-a", { now: NOW, secure: true });
    expect(secure).toMatch(/^__Secure-known_device=.*; Secure$/);
    expect(isKnownDevice(SECRET, cookieOf(secure), "digest-a", NOW)).toBe(true);
  });
});
