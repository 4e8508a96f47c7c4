// TRUST_PROXY: which proxies' X-Forwarded-* headers Express believes, so `req.ip` (the sign-in
// throttle's client address, decision 012) is the visitor's address and not one a visitor typed.
// Express walks X-Forwarded-For from the right, skipping trusted hops: trusting exactly the proxies
// in front of the app gives the address the first of them saw; trusting every hop (`true`) gives
// the left-most entry, which the client itself may have written unless the proxy replaces the
// header (deploy/nginx.conf does).
import { isIP } from "node:net";

/** What Express's "trust proxy" setting takes: all or nothing, a number of hops, or addresses. */
export type TrustProxySetting = boolean | number | string[];

/** Express's names for address ranges (proxy-addr): 127.0.0.0/8 and ::1, 169.254/16 and fe80::/10, private ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

export class TrustProxyError extends Error {
  readonly code = "TRUST_PROXY_INVALID";
}

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The setting for a TRUST_PROXY value: unset or empty, a proxy on this machine (`loopback`);
 * `false`, none (the socket's address); a whole number, that many hops; addresses, CIDR ranges and
 * range names, comma separated, those proxies; `true`, every hop.
 */
export function readTrustProxy(value: string | undefined): TrustProxySetting {
  const text = value?.trim() ?? "";
  if (text === "") return ["loopback"];
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 10) return hops;
    throw new TrustProxyError(`TRUST_PROXY=${text}: a number of proxy hops must be between 1 and 10.`);
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new TrustProxyError(
      `TRUST_PROXY=${text}: "${wrong.join('", "')}" is not an IP address, a CIDR range or loopback/linklocal/uniquelocal. ` +
        "Use the address of your proxy (10.0.0.5, 10.0.0.0/24), a number of hops (1), true or false.",
    );
  }
  return entries;
}
