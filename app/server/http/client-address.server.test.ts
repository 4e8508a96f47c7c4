import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { clientAddress, normalizeAddress, requestContext, widerPrefixes } from "./client-address.server.ts";

describe("client address", () => {
  it("travels in the load context, and is 'unknown' without one", () => {
    expect(clientAddress(requestContext("203.0.113.9"))).toBe("203.0.113.9");
    expect(clientAddress(requestContext(undefined))).toBe("unknown");
    expect(clientAddress(new RouterContextProvider())).toBe("unknown");
    expect(clientAddress({})).toBe("unknown");
    expect(clientAddress(undefined)).toBe("unknown");
  });

  it("keys IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64", () => {
    expect(normalizeAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:0db8:0001:0002:ffff::9")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("::1")).toBe("0:0:0:0::/64");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(normalizeAddress("")).toBeNull();
    expect(normalizeAddress(undefined)).toBeNull();
  });

  it("names the /56 and /48 an IPv6 /64 belongs to, and none for IPv4", () => {
    expect(widerPrefixes("2001:db8:1:2::/64")).toEqual(["2001:db8:1:0::/56", "2001:db8:1::/48"]);
    expect(widerPrefixes("2001:db8:1:12ab::/64")).toEqual(["2001:db8:1:1200::/56", "2001:db8:1::/48"]);
    expect(widerPrefixes("0:0:0:0::/64")).toEqual(["0:0:0:0::/56", "0:0:0::/48"]);
    expect(widerPrefixes("203.0.113.9")).toEqual([]);
    expect(widerPrefixes("unknown")).toEqual([]);
  });
});
