import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header is "Bearer <token>", compared in constant time (hashes of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header?.trim() ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}
