// What every admin loader and action does first (docs/architecture.md §5): the role comes from the session,
// and a mutating request must come from the shop's own pages.
import type { User } from "@shop/core/server/accounts";
import { assertSameOrigin } from "./security.server";
import { requireAdmin } from "./session.server";

/** For admin loaders: the signed-in admin, or the sign-in screen with the spec's message. */
export const adminLoader = (request: Request): Promise<User> => requireAdmin(request);

/** For admin actions: a same-origin request from a signed-in admin (else 403 / sign-in). */
export async function adminAction(request: Request): Promise<User> {
  assertSameOrigin(request);
  return requireAdmin(request);
}
