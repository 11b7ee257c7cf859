/**
 * Who a rate limit counts: an IPv4 client is its address; an IPv6 client is its /64, the block
 * one subscriber or host is given (its 2^64 addresses are one client, or a single machine
 * could take a fresh address per attempt). An IPv4-mapped IPv6 address is its IPv4 one.
 */
export function clientGroup(address: string): string {
  const bare = address.trim().replace(/^\[|\](:\d+)?$/g, "").replace(/%.*$/, "").toLowerCase();
  if (!bare.includes(":")) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1];
  const groups = expandIpv6(bare);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : bare;
}

/** The eight groups of an IPv6 address (no leading zeros), or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const part = (s: string) => s ? s.split(":") : [];
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  // A dotted IPv4 tail stands for the last two groups.
  const last = tail.length ? tail : head;
  const dotted = last.length && /^\d+\.\d+\.\d+\.\d+$/.test(last[last.length - 1]);
  const size = head.length + tail.length + (dotted ? 1 : 0);
  if (halves.length === 1 ? size !== 8 : size > 7) return null;
  const groups = [...head, ...Array(8 - size).fill("0"), ...tail];
  if (!groups.slice(0, 4).every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => /^[0-9a-f]{1,4}$/.test(g) ? g.replace(/^0+(?=.)/, "") : g);
}
