// The link of an e-mail change or verification (core/src/accounts/email-change.server.ts). GET
// only shows what the link would confirm (mail scanners open links); the button's POST confirms.
// No session is needed: the link itself, sent to the address, is the proof.
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { INVALID_EMAIL_LINK } from "@shop/core/accounts";
import { confirmEmailChange, emailLinkTarget, isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { AuthCard, FormAlert, primaryButtonClass } from "../components/AuthField";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { assertSameOrigin } from "../lib/security.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

/** The link's token as sent (core refuses one that is too long or unknown). */
const tokenOf = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The token is in the URL: no cache keeps the page, no referrer carries it away. */
const PRIVATE = { "Cache-Control": NO_STORE, "Referrer-Policy": "no-referrer" };

export const headers: HeadersFunction = () => PRIVATE;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const target = await emailLinkTarget(getContext(), token);
  return data({ token, target }, { headers: PRIVATE });
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  try {
    const user = await confirmEmailChange(getContext(), tokenOf(form.get("token")));
    return redirectWithToast("/user/profile", {
      type: "success",
      title: "E-mail confirmed",
      description: `Your account's e-mail address is ${user.email}`,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export const meta: MetaFunction = () => [{ title: `Confirm your e-mail | ${SHOP_NAME}` }];

export default function ConfirmEmail() {
  const { token, target } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!target) {
    return (
      <AuthCard title="Confirm your e-mail">
        <FormAlert>{INVALID_EMAIL_LINK}</FormAlert>
        <p className="mt-4 text-sm text-stone-700">
          Ask for a new link from your{" "}
          <Link to="/user/profile" className="font-medium text-accent-700 underline">
            profile
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your e-mail">
      {answer?.error ? <FormAlert>{answer.error}</FormAlert> : null}
      <p className="mt-4 text-sm text-stone-700">
        {target.change ? "Make " : "Confirm "}
        <strong className="text-stone-900">{target.email}</strong>
        {target.change ? " the e-mail address of your account?" : " as your e-mail address?"}
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={`w-full ${primaryButtonClass}`}
        >
          Confirm
        </button>
      </Form>
    </AuthCard>
  );
}
