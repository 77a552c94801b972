// The guarded origin (web/server/origin-guard.ts): the shop under test answers only requests
// that carry the origin secret, which the shared-cache stand-in adds as CloudFront does. A test
// that talks to a web server directly (the site behind the cache, or a server of its own) sends
// it as CloudFront would.
import { ORIGIN_HEADER } from "../../../web/server/origin-guard.ts";

/** The header CloudFront adds, with the secret of this test run (global-setup.ts). */
export function originHeaders(): Record<string, string> {
  const secret = process.env.E2E_ORIGIN_SECRET;
  if (!secret) throw new Error("E2E_ORIGIN_SECRET is not set: run the tests through global-setup");
  return { [ORIGIN_HEADER]: secret };
}
