// The end of the sign-in and sign-up actions, written once: the checked form's values given to
// core (its signIn or signUp, with who asks and the abuse limits), the account it answers signed
// in and sent on to the form's redirectTo (read by the route, through safeRedirectTo); core's
// refusal (a wrong password, an e-mail already used, too many attempts) on the field it names,
// else under the e-mail (docs/product.md §8).
import type { Submission } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import type { AbuseLimits, Requester } from "@shop/core/server/accounts";
import { type Context, getContext } from "@shop/core/server/context";
import { refuseForm, refuseWithDomainError } from "./form.server";
import { abuseLimits, requester } from "./security.server";
import { signInAndRedirect } from "./session.server";

/** core's signIn or signUp: the account, or a DomainError. */
export type Authenticate<Value> = (
  ctx: Context,
  value: Value,
  who: Requester,
  limits: AbuseLimits,
) => Promise<{ id: string }>;

/** `redirectTo`: where the account goes on, read by the route through safeRedirectTo. */
export async function authenticateAndRedirect<Value, const Extra extends object = object>(
  { request, context }: { request: Request; context: AppLoadContext },
  redirectTo: string,
  submission: Submission<Value>,
  authenticate: Authenticate<Value>,
  extra?: Extra,
) {
  if (submission.status !== "success") return refuseForm(submission, 400, {}, extra);
  try {
    const user = await authenticate(
      getContext(),
      submission.value,
      requester(request, context),
      abuseLimits(),
    );
    return signInAndRedirect(request, user.id, redirectTo);
  } catch (error) {
    return refuseWithDomainError(submission, error, "email", extra);
  }
}
