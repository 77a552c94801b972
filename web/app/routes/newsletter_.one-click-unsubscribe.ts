// /newsletter/one-click-unsubscribe?email=…&token=… (no page): the URL of every newsletter's
// List-Unsubscribe header. A mail provider's "Unsubscribe" button posts
// `List-Unsubscribe=One-Click` here (RFC 8058), from its own servers: no cookie, no Origin of
// ours. So there is no same-origin check: the signed token in the URL is the authentication, as
// for the link (docs/architecture.md §5, docs/decisions/009-unsubscribe-links.md). A GET (a scanner, a
// client that opens the URL) changes nothing: it goes to the link's page, which asks first.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/server-runtime";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  ONE_CLICK_FIELD,
  UNSUBSCRIBE_PAGE_PATH,
  unsubscribeOneClick,
} from "@shop/core/server/newsletter";
import { type FormLimits, readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { keepsInput } from "../lib/unavailable.server";

/** The body is one short field; RFC 8058 senders should send it as multipart/form-data. */
const ONE_CLICK_LIMITS: FormLimits = { form: 1024, longForm: 1024, upload: 4096 };

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`${UNSUBSCRIBE_PAGE_PATH}${new URL(request.url).search}`, {
    headers: { "Cache-Control": NO_STORE },
  });
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const form = await readForm(request, {
    upload: { maxFileBytes: 1024, fileTooLarge: "The request is too large" },
    limits: ONE_CLICK_LIMITS,
  });
  try {
    await unsubscribeOneClick(getContext(), {
      email: params.get("email"),
      token: params.get("token"),
      oneClick: form.get(ONE_CLICK_FIELD),
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return plainText(error.message, error.status);
  }
  return plainText("You have been unsubscribed from the newsletter.", 200);
}

function plainText(message: string, status: number) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
  });
}
