import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { NewsletterComposeSchema } from "@shop/core/newsletter";
import { getContext } from "@shop/core/server/context";
import {
  getNewsletterSend,
  getSubscriberCount,
  NEWSLETTER_SENT,
  requestNewsletterSend,
} from "@shop/core/server/newsletter";
import { AdminErrorBanner, bannerOf } from "../components/admin/AdminErrorBanner";
import { NewsletterCompose, NewsletterConfirmPanel } from "../components/admin/NewsletterCompose";
import { NewsletterProgress } from "../components/admin/NewsletterProgress";
import { adminFormAction, adminPage, adminSuccess, refuseAdminChange } from "../lib/admin.server";
import { formReply, refuseForm } from "../lib/form.server";
import { type FormReply, parseSubmission } from "../lib/forms";
import { adminTitle } from "../lib/title";
import { useActionAnswer } from "../lib/unavailable";

// The newsletter (docs/product.md §10 "Newsletter", §8 "Newsletter sent successfully!" and errors
// as a banner): subject and message with a live preview, the subscriber count, Send behind a
// confirmation, then the send's progress (?send=<id>), refreshed until everything is sent.

export const loader = adminPage(async ({ request }) => {
  const ctx = getContext();
  const sendId = new URL(request.url).searchParams.get("send");
  const [subscriberCount, send] = await Promise.all([
    getSubscriberCount(ctx),
    sendId && /^[0-9a-f-]{36}$/.test(sendId) ? getNewsletterSend(ctx, sendId) : null,
  ]);
  return {
    subscriberCount,
    send: send
      ? {
          id: send.id,
          subject: send.subject,
          requestedAt: send.requestedAt,
          status: send.status,
          total: send.total,
          queued: send.queued,
          sent: send.sent,
        }
      : null,
  };
});

// Long: a message of up to 50,000 characters (LONG_FORM_MAX_BYTES).
export const action = adminFormAction(submit, { long: true });

async function submit(form: FormData) {
  const intent = form.get("intent");
  // Cancel of the question asked without JavaScript: the text back in the form.
  if (intent === "edit") return { result: formReply(form) };
  if (intent !== "send" && intent !== "confirm") {
    return refuseForm(form, 400, {}, { banner: "Unknown action" });
  }
  const submission = parseSubmission(form, NewsletterComposeSchema);
  if (submission.status !== "success") return refuseForm(submission, 400);
  // Without JavaScript, Send first shows the confirmation on the page.
  if (intent === "confirm") return { result: formReply(submission), confirm: true };
  try {
    const send = await requestNewsletterSend(getContext(), submission.value);
    return adminSuccess(`/admin/newsletter?send=${send.id}`, NEWSLETTER_SENT);
  } catch (error) {
    return refuseAdminChange(submission, error, "subject");
  }
}

/** The subject and message as sent (what the form and the question show again). */
function sentText(result: FormReply | undefined) {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    subject: text(result?.initialValue?.subject),
    body: text(result?.initialValue?.body),
  };
}

export const meta: MetaFunction = () => adminTitle("Newsletter");

export default function AdminNewsletter() {
  const { subscriberCount, send } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const sent = sentText(answer?.result);
  const navigation = useNavigation();
  return (
    <section aria-labelledby="newsletter-title">
      <AdminErrorBanner message={bannerOf(answer)} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="newsletter-title" className="text-xl font-semibold">
          Newsletter
        </h2>
        <p className="text-sm text-stone-600">
          <span data-testid="subscriber-count" className="font-semibold text-stone-900">
            {subscriberCount}
          </span>{" "}
          {subscriberCount === 1 ? "subscriber" : "subscribers"}
        </p>
      </div>
      {send ? (
        <div className="mt-6">
          <NewsletterProgress send={send} />
        </div>
      ) : null}
      <div className="mt-6">
        {answer && "confirm" in answer ? (
          <NewsletterConfirmPanel values={sent} subscriberCount={subscriberCount} />
        ) : null}
        <NewsletterCompose
          key={send?.id ?? "new"}
          initial={sent}
          lastResult={answer?.result}
          subscriberCount={subscriberCount}
          busy={navigation.state === "submitting"}
        />
      </div>
    </section>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";
