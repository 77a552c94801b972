// The cross-site request rule Remix applies to every POST/PUT/PATCH/DELETE before any action
// runs (`throwIfPotentialCSRFAttack` in @remix-run/server-runtime): the Origin's host must equal
// the X-Forwarded-Host (first entry) or Host header. Remix answers a mismatch with a bare 500;
// the shop's servers apply the same rule first and answer 403, so a refused request is never
// reported as a server failure. (Actions also call assertSameOrigin: defence in depth.)

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface HeaderSource {
  get(name: string): string | null | undefined;
}

/** True when Remix would refuse this request as cross-site. */
export function isCrossOriginWrite(method: string, headers: HeaderSource): boolean {
  if (!WRITES.has(method.toUpperCase())) return false;
  const origin = headers.get("origin");
  if (origin === null || origin === undefined) return false;
  let originHost: string;
  if (origin === "null") {
    originHost = "null";
  } else {
    try {
      originHost = new URL(origin).host;
    } catch {
      return true; // Remix would throw on it too
    }
  }
  if (originHost === "") return true;
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || headers.get("host");
  return !host || originHost !== host;
}

export const CROSS_ORIGIN_REFUSED = "Cross-origin request refused";
