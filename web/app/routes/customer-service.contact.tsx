import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { ContactSchema } from "@shop/core/contact";
import { MESSAGE_SENT, sendContactMessage } from "@shop/core/server/contact";
import { getContext } from "@shop/core/server/context";
import { ContactForm } from "../components/ContactForm";
import { ErrorPage } from "../components/ErrorPage";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { readForm, refuseForm, refuseWithDomainError } from "../lib/form.server";
import { parseSubmission } from "../lib/forms";
import { assertSameOrigin, clientAddress } from "../lib/security.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { isUnavailable } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export function loader(_: LoaderFunctionArgs) {
  return { supportEmail: getContext().config.supportEmail };
}

export const action = keepsInput(submit);

async function submit({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const submission = parseSubmission(form, ContactSchema);
  // The reply carries what was typed, so the form keeps it also without JavaScript.
  if (submission.status !== "success") return refuseForm(submission, 400);
  try {
    await sendContactMessage(getContext(), submission.value, clientAddress(request, context));
  } catch (error) {
    // e.g. too many messages: about the form as a whole (docs/product.md §8: a toast titled Error).
    return refuseWithDomainError(submission, error, null);
  }
  return redirectWithToast("/customer-service/contact", {
    type: "success",
    title: "Success",
    description: MESSAGE_SENT,
  });
}

export const meta: MetaFunction = (args) =>
  staticMeta("Contact", `Questions about an order or a product? Contact ${SHOP_NAME}.`, args);

export default function Contact() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <StaticPage
      title="Contact"
      lead="Questions about an order, a size or a product? We are happy to help."
    >
      <p>
        Write to us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Please include your
        order number if your question is about an order: you find it in your confirmation e-mail and
        in your order history.
      </p>
      <h2>Opening hours</h2>
      <ul>
        <li>Monday to Friday: 9:00 to 18:00 (CET)</li>
        <li>Saturday: 10:00 to 14:00 (CET)</li>
        <li>Sunday and public holidays: closed</li>
      </ul>
      <p>We answer every message within one working day.</p>
      {/* Not answered (a dependency was down): the form's own message; it keeps what was typed. */}
      <ContactForm
        lastResult={isUnavailable(sent) ? undefined : sent?.result}
        unavailable={isUnavailable(sent) ? sent.unavailable : undefined}
      />
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
