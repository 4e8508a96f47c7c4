import { createContext, RouterContextProvider } from "react-router";

/**
 * The client's address as the Express layer saw it (`req.ip`, which honours TRUST_PROXY), handed
 * to loaders and actions through React Router's load context. Nothing a client sends can set it:
 * it never travels in the Web Request, only beside it.
 */
export const clientAddressContext = createContext<string | null>(null);

/** Shared bucket for a request whose address is unknown (a direct call without the Express layer). */
export const UNKNOWN_ADDRESS = "unknown";

/** The load context for one request (a new one, or one other request state already went into) with the client address. */
export function requestContext(address: string | undefined, context = new RouterContextProvider()): RouterContextProvider {
  context.set(clientAddressContext, normalizeAddress(address));
  return context;
}

/** The client address from a loader/action context, or "unknown" when none was set. */
export function clientAddress(context: unknown): string {
  if (context instanceof RouterContextProvider) return context.get(clientAddressContext) ?? UNKNOWN_ADDRESS;
  return UNKNOWN_ADDRESS;
}

/** One key per client: IPv4-mapped IPv6 as plain IPv4, IPv6 by its /64 (one host usually owns the whole /64). */
export function normalizeAddress(address: string | undefined): string | null {
  if (!address) return null;
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  if (mapped) return mapped[1]!;
  if (!trimmed.includes(":")) return trimmed;
  return ipv6Prefix64(trimmed) ?? trimmed;
}

function ipv6Prefix64(address: string): string | null {
  const bare = address.split("%")[0]!;
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  if (tail.some((g) => g.includes("."))) return null;
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * The wider IPv6 networks a /64 key belongs to, narrowest first: its /56 (a home or small site)
 * and its /48 (a site). One holder of a /48 has 65,536 /64s, so the throttle also counts failures
 * per /56 and per /48 (decision 040). Anything else (IPv4, "unknown") has none.
 */
export function widerPrefixes(key: string): string[] {
  const match = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4})::\/64$/.exec(key);
  if (!match) return [];
  const [, a, b, c, d] = match as unknown as [string, string, string, string, string];
  const top = (parseInt(d, 16) & 0xff00).toString(16);
  return [`${a}:${b}:${c}:${top}::/56`, `${a}:${b}:${c}::/48`];
}
