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

/**
 * The same rule for CloudFront (viewer-request function, ES5.1 only), injected into the site's
 * CloudFront function by stacks/Web.ts: on AWS the Lambda server is SST's, not web/server.ts.
 * It runs after SST's line that copies Host into X-Forwarded-Host, so Host is the viewer's.
 * Kept next to the Node version; the unit test runs both over the same cases.
 */
export const CLOUDFRONT_CROSS_ORIGIN_GUARD = `
var shopMethod = request.method;
if (shopMethod === "POST" || shopMethod === "PUT" || shopMethod === "PATCH" || shopMethod === "DELETE") {
  var shopOrigin = request.headers.origin && request.headers.origin.value;
  if (shopOrigin) {
    var shopHost = request.headers.host && request.headers.host.value;
    var shopMatch = /^[a-z][a-z0-9+.-]*:\\/\\/([^/?#]+)/i.exec(shopOrigin);
    var shopOriginHost = shopOrigin === "null" ? "null" : shopMatch ? shopMatch[1].toLowerCase() : "";
    if (!shopHost || !shopOriginHost || shopOriginHost !== shopHost.toLowerCase()) {
      return { statusCode: 403, statusDescription: "Forbidden" };
    }
  }
}`;
