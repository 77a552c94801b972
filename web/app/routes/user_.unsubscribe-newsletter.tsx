// /user/unsubscribe-newsletter?email=…&token=… (docs/product.md §4): the link in every newsletter e-mail.
// Public on purpose (the trailing underscore keeps it out of the signed-in user layout): the
// signed token authenticates it, so it works signed out and unsubscribes nobody without it.
// Opening the link changes nothing (mail scanners open every link of a message): the page shows
// the address and an "Unsubscribe" button; its POST unsubscribes, then a 303 back here says it is
// done. Mail providers' one-click unsubscribe posts elsewhere
// (newsletter_.one-click-unsubscribe.ts, docs/decisions/009-unsubscribe-links.md).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { data, redirect } from "@remix-run/server-runtime";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  readUnsubscribeLink,
  UNSUBSCRIBE_PAGE_PATH,
  unsubscribeWithToken,
} from "@shop/core/server/newsletter";
import { primaryButtonClass } from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { assertSameOrigin } from "../lib/security.server";
import { SHOP_NAME } from "../lib/shop";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

const headers = { "Cache-Control": NO_STORE };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  try {
    const link = await readUnsubscribeLink(getContext(), params.get("email"), token);
    return data({ ...link, token, error: null }, { headers });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { email: "", isSubscribed: false, token: null, error: error.message },
      { status: error.status, headers },
    );
  }
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const email = form.get("email");
  const token = form.get("token");
  try {
    await unsubscribeWithToken(getContext(), email, token);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.message }, { status: error.status, headers });
  }
  const link = new URLSearchParams({ email: String(email), token: String(token) });
  return redirect(`${UNSUBSCRIBE_PAGE_PATH}?${link}`, { status: 303, headers });
}

export const meta: MetaFunction = () => [
  { title: `Newsletter | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function UnsubscribeNewsletter() {
  const link = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = answer?.error ?? link.error;
  return (
    <div className="container-page max-w-xl py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Newsletter</h1>
      {error ? (
        <>
          <p role="alert" className="mt-4 text-stone-700">
            {error}
          </p>
          <p className="mt-2 text-sm text-stone-600">
            It may be incomplete or out of date. Use the link in a more recent newsletter, or change
            your subscription in your{" "}
            <Link to="/user/profile" className="underline">
              profile
            </Link>
            .
          </p>
        </>
      ) : link.isSubscribed ? (
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="email" value={link.email} />
          <input type="hidden" name="token" value={link.token ?? ""} />
          <p className="text-stone-700">
            Stop sending the newsletter to{" "}
            <strong className="font-semibold text-stone-900 break-all">{link.email}</strong>?
          </p>
          <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
            Unsubscribe
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-stone-700">
          <strong className="font-semibold text-stone-900 break-all">{link.email}</strong> has been
          unsubscribed from the newsletter.
        </p>
      )}
      <Link to="/product" className="mt-8 inline-block font-medium text-accent-700 underline">
        Continue shopping
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
