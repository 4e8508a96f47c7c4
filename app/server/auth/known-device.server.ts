import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * A "known device" (decision 040): a browser that signed in to an account successfully, or set its
 * password through a reset link, keeps a signed cookie naming that account. While the account is
 * past its ceiling of failed guesses, such a browser may still try its password (the per-address
 * limit still applies); everyone else waits or uses "Forgot password?".
 */

/** How long a device stays known after its last successful sign-in. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
const COOKIE = "known_device";

/** The cookie's name: `__Secure-` prefixed on an https site, as better-auth does for its own. */
export const knownDeviceCookieName = (secure: boolean) => (secure ? `__Secure-${COOKIE}` : COOKIE);

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`known-device:v1:${payload}`).digest("base64url");

/** The Set-Cookie header value marking this browser as known for `accountDigest` (the throttle's account digest). */
export function knownDeviceSetCookie(secret: string, accountDigest: string, options: { now: number; secure: boolean }): string {
  const payload = `${Math.floor(options.now / 1000) + KNOWN_DEVICE_MAX_AGE_SECONDS}.${accountDigest}`;
  const attributes = [`Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}`, "Path=/api/auth", "HttpOnly", "SameSite=Lax", ...(options.secure ? ["Secure"] : [])];
  return [`${knownDeviceCookieName(options.secure)}=${payload}.${mac(secret, payload)}`, ...attributes].join("; ");
}

/** Whether the request's cookies hold a valid, unexpired known-device mark for `accountDigest`. */
export function isKnownDevice(secret: string, cookieHeader: string | null, accountDigest: string, now: number): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    const name = part.slice(0, eq).trim();
    if (name !== knownDeviceCookieName(true) && name !== knownDeviceCookieName(false)) continue;
    const [expires, digest, signature] = part.slice(eq + 1).trim().split(".");
    if (!expires || !digest || !signature || digest !== accountDigest) continue;
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) continue;
    const expected = Buffer.from(mac(secret, `${expires}.${digest}`));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
