import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { parseForm } from "@shop/core/common";
import { NewsletterComposeSchema } from "@shop/core/newsletter";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  getNewsletterSend,
  getSubscriberCount,
  NEWSLETTER_SENT,
  requestNewsletterSend,
} from "@shop/core/server/newsletter";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import { NewsletterCompose, NewsletterConfirmPanel } from "../components/admin/NewsletterCompose";
import { NewsletterProgress } from "../components/admin/NewsletterProgress";
import { ErrorPage } from "../components/ErrorPage";
import { adminAction, adminLoader } from "../lib/admin.server";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

// The newsletter (docs/product.md §10 "Newsletter", §8 "Newsletter sent successfully!" and errors
// as a banner): subject and message with a live preview, the subscriber count, Send behind a
// confirmation, then the send's progress (?send=<id>), refreshed until everything is sent.

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const ctx = getContext();
  const sendId = new URL(request.url).searchParams.get("send");
  const [subscriberCount, send] = await Promise.all([
    getSubscriberCount(ctx),
    sendId && /^[0-9a-f-]{36}$/.test(sendId) ? getNewsletterSend(ctx, sendId) : null,
  ]);
  return data(
    {
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
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

type Answer = {
  fieldErrors: Record<string, string>;
  error?: string;
  values: { subject: string; body: string };
  confirm?: boolean;
};

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  await adminAction(request);
  // Long: a message of up to 50,000 characters (LONG_FORM_MAX_BYTES).
  const form = await readForm(request, { long: true });
  const intent = form.get("intent");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 60_000) : "";
  };
  const values = { subject: text("subject"), body: text("body") };
  if (intent === "edit") return { fieldErrors: {}, values } satisfies Answer;
  if (intent !== "send" && intent !== "confirm") {
    return data({ fieldErrors: {}, error: "Unknown action", values } satisfies Answer, 400);
  }
  const parsed = parseForm(NewsletterComposeSchema, form);
  if (!parsed.success) {
    return data({ fieldErrors: parsed.fieldErrors, values } satisfies Answer, { status: 400 });
  }
  // Without JavaScript, Send first shows the confirmation on the page.
  if (intent === "confirm") return { fieldErrors: {}, values, confirm: true } satisfies Answer;
  try {
    const send = await requestNewsletterSend(getContext(), parsed.data);
    return redirectWithToast(`/admin/newsletter?send=${send.id}`, {
      type: "success",
      title: "Success",
      description: NEWSLETTER_SENT,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        fieldErrors: { [error.field ?? "subject"]: error.message },
        error: error.message,
        values,
      } satisfies Answer,
      { status: error.status },
    );
  }
}

export const meta: MetaFunction = () => [{ title: `Newsletter | Admin | ${SHOP_NAME}` }];

export default function AdminNewsletter() {
  const { subscriberCount, send } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  return (
    <section aria-labelledby="newsletter-title">
      <AdminErrorBanner message={answer?.error} />
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
        {answer?.confirm ? (
          <NewsletterConfirmPanel values={answer.values} subscriberCount={subscriberCount} />
        ) : null}
        <NewsletterCompose
          key={send?.id ?? "new"}
          initial={answer?.values ?? { subject: "", body: "" }}
          errors={answer?.fieldErrors ?? {}}
          subscriberCount={subscriberCount}
          busy={navigation.state === "submitting"}
        />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
