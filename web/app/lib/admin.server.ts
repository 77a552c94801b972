// What every admin loader and action does first (docs/architecture.md §5): the role comes from the session,
// and a mutating request must come from the shop's own pages. And the rest of an admin route's
// setup, written once: its data never kept by a cache, a form action (the admin checked, the form
// read, a dependency's timeout answered without losing what was typed), the success toast, and a
// refusal from core in the banner titled "error" (docs/product.md §8).

import type { Submission } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/server-runtime";
import type { User } from "@shop/core/server/accounts";
import { type ReadFormOptions, readForm, refuseWithDomainError } from "./form.server";
import { NO_STORE } from "./http";
import { assertSameOrigin } from "./security.server";
import { requireAdmin } from "./session.server";
import { redirectWithToast } from "./toast.server";
import { keepsInput } from "./unavailable.server";

/** For admin loaders: the signed-in admin, or the sign-in screen with the spec's message. */
export const adminLoader = (request: Request): Promise<User> => requireAdmin(request);

/** For admin actions: a same-origin request from a signed-in admin (else 403 / sign-in). */
export async function adminAction(request: Request): Promise<User> {
  assertSameOrigin(request);
  return requireAdmin(request);
}

/** An admin page's loader: the admin checked (adminLoader), then `load`'s data, as adminData. */
export function adminPage<T>(load: (args: LoaderFunctionArgs) => Promise<T>) {
  return async (args: LoaderFunctionArgs) => {
    await adminLoader(args.request);
    return adminData(await load(args));
  };
}

/** An admin page's data (or refusal): personal, never kept by any cache. */
export function adminData<T>(value: T, status = 200) {
  return data(value, { status, headers: { "Cache-Control": NO_STORE } });
}

/**
 * An admin form's action: the admin checked (adminAction), the form read (readForm, with
 * `options`), then `handle`; a dependency that does not answer keeps the input (keepsInput).
 */
export function adminFormAction<Result>(
  handle: (form: FormData, args: ActionFunctionArgs) => Promise<Result>,
  options?: ReadFormOptions,
) {
  return keepsInput(async (args: ActionFunctionArgs) => {
    await adminAction(args.request);
    return handle(await readForm(args.request, options), args);
  });
}

/** After an admin's change: the page `to`, with the toast "Success" and `description`. */
export const adminSuccess = (to: string, description: string) =>
  redirectWithToast(to, { type: "success", title: "Success", description });

/**
 * core refused the change (a DomainError; anything else is thrown on): its message on the field it
 * names (else `fallbackField`) and in the banner titled "error" (docs/product.md §8).
 */
export function refuseAdminChange<const Extra extends object = object>(
  submission: Submission<unknown> | FormData,
  error: unknown,
  fallbackField: string,
  extra?: Extra,
) {
  const banner = error instanceof Error ? error.message : "";
  return refuseWithDomainError(submission, error, fallbackField, { ...(extra as Extra), banner });
}
