// POST /newsletter (no page): the footer's sign-up (intent "subscribe", the e-mail from the form)
// and the profile's switch (intent "preference", the e-mail from the session only). With
// JavaScript (the form says js=1) the answer is JSON for the form to show; without, a 303 back
// to the page the form was on, with the message as a toast.
import type { Submission } from "@conform-to/react";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/server-runtime";
import { isDependencyUnavailable, unavailableMessage } from "@shop/core/common";
import { NewsletterSchema } from "@shop/core/newsletter";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  SUBSCRIBED,
  setAccountSubscription,
  subscribeFromFooter,
} from "@shop/core/server/newsletter";
import { firstError } from "../components/Field";
import { formReply, readForm } from "../lib/form.server";
import { type FormReply, parseSubmission } from "../lib/forms";
import { jsonResponse } from "../lib/http";
import { assertSameOrigin, clientAddress } from "../lib/security.server";
import { requireUser, safeRedirectTo } from "../lib/session.server";
import { redirectWithToast } from "../lib/toast.server";

export type NewsletterAnswer =
  | { ok: true; message: string; isSubscribed: boolean }
  | { ok: false; result: FormReply };

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const js = form.get("js") === "1";
  const back = safeRedirectTo(form.get("redirectTo"), "/");
  const answer = (body: NewsletterAnswer, status: number) =>
    js
      ? jsonResponse(body, { status, headers: { "Cache-Control": "no-store" } })
      : redirectWithToast(
          back,
          body.ok
            ? { type: "success", title: "Success", description: body.message }
            : {
                type: "error",
                title: "Error",
                description: firstError(body.result) ?? "An error has occurred",
              },
        );

  const intent = form.get("intent");
  try {
    return await respond(intent);
  } catch (error) {
    // A dependency that did not answer: said on the form, which keeps the e-mail typed.
    if (!isDependencyUnavailable(error)) throw error;
    const field = intent === "preference" ? "isSubscribed" : "email";
    return refuse({ [field]: unavailableMessage(error) }, 503);
  }

  /** A refusal: the message on its field, with what was typed. */
  function refuse(
    errors: Record<string, string>,
    status: number,
    submission?: Submission<unknown>,
  ) {
    const fieldErrors = Object.fromEntries(
      Object.entries(errors).map(([name, message]) => [name, [message]]),
    );
    return answer({ ok: false, result: formReply(submission ?? form, { fieldErrors }) }, status);
  }

  async function respond(intent: FormDataEntryValue | null) {
    switch (intent) {
      case "subscribe": {
        const submission = parseSubmission(form, NewsletterSchema);
        if (submission.status !== "success") return refuse({}, 400, submission);
        try {
          await subscribeFromFooter(
            getContext(),
            submission.value.email,
            clientAddress(request, context),
          );
        } catch (error) {
          if (!isDomainError(error)) throw error;
          return refuse({ email: error.message }, error.status, submission);
        }
        return answer({ ok: true, message: SUBSCRIBED, isSubscribed: true }, 200);
      }
      case "preference": {
        const user = await requireUser(request);
        const value = form.get("isSubscribed");
        if (value !== "true" && value !== "false") {
          return refuse({ isSubscribed: "Choose on or off" }, 400);
        }
        try {
          // The session's own address only, and only once verified.
          await setAccountSubscription(getContext(), user, value === "true");
        } catch (error) {
          if (!isDomainError(error)) throw error;
          return refuse({ isSubscribed: error.message }, error.status);
        }
        return answer(
          { ok: true, message: "Subscription updated", isSubscribed: value === "true" },
          200,
        );
      }
      default:
        return refuse({ email: "Unknown request" }, 400);
    }
  }
}
