// The key a client address is counted under by the per-address abuse limits (sign-in failures,
// sign-ups, password resets, checkout quotes, codes and orders, contact messages, newsletter
// sign-ups: docs/architecture.md §6, docs/decisions/007-threat-model.md). An IPv4 address is one
// key. An IPv6 address is counted by its /64: one home, office or phone is given a whole /64
// (2^64 addresses) and may use any of them, so a key per address would give it a budget per
// address. Pure, and it never throws: whatever the header or the socket said is only text.

/**
 * The prefix of the key of a client whose address could not be read: its text, bounded. On AWS
 * the address is CloudFront's (CloudFront-Viewer-Address), always readable; behind a proxy the
 * operator trusts (TRUST_PROXY), whoever could write an unreadable one could as well write a new
 * readable one each time, so one shared key would protect nothing and would make every such
 * client (the end-to-end tests' stand-in viewers among them) refuse the others.
 */
export const UNREADABLE_ADDRESS_PREFIX = "unreadable:";
const UNREADABLE_MAX_CHARS = 64;

/**
 * The key a client address is limited under: an IPv4 address written plainly (`192.0.2.7`); an
 * IPv6 address as its /64 prefix in lower case without leading zeros (`2001:db8:0:1::/64` for
 * `2001:DB8::1:0:0:1` or `[2001:db8:0:1::42%eth0]`); an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.7`, how Node gives an IPv4 peer on a dual-stack socket) as its IPv4 address;
 * anything else UNREADABLE_ADDRESS_PREFIX and its first 64 characters, lower case.
 */
export function addressLimitKey(address: string): string {
  const text = String(address ?? "").trim();
  const v4 = parseIpv4(text);
  if (v4) return v4.join(".");
  const v6 = parseIpv6(text.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, ""));
  if (!v6)
    return `${UNREADABLE_ADDRESS_PREFIX}${text.slice(0, UNREADABLE_MAX_CHARS).toLowerCase()}`;
  const mapped = v6.slice(0, 5).every((h) => h === 0) && v6[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = v6.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${v6
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}

/** Four octets of a dotted-decimal IPv4 address (1 to 3 digits each), or undefined. */
function parseIpv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : undefined;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing IPv4 part), or undefined. */
function parseIpv6(text: string): number[] | undefined {
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (half: string | undefined): number[] | undefined => {
    if (!half) return [];
    const out: number[] = [];
    const parts = half.split(":");
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1 && part.includes(".")) {
        const v4 = parseIpv4(part);
        if (!v4) return undefined;
        const [a = 0, b = 0, c = 0, d = 0] = v4;
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
        out.push(Number.parseInt(part, 16));
      } else {
        return undefined;
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  if (!head || !tail) return undefined;
  // A dotted part may end only the address.
  if (halves.length === 2 && halves[0]?.includes(".")) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : undefined;
}
