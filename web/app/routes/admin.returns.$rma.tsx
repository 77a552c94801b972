// Admin · one return (/admin/returns/<rma>): its items, reason, refund and history, and the moves
// its state allows: Approve, Reject (with a message to the customer), Mark as received (faulty
// items are not restocked), Refund (through the payment provider; "Refunded" once it confirms).
// One intent per move; a refused move answers with the server's reason and changes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { formatPrice } from "@shop/core/pricing";
import { REJECT_MESSAGE_MAX, returnTransitionError } from "@shop/core/returns";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  approveReturn,
  getReturn,
  receiveReturn,
  refundReturn,
  rejectReturn,
} from "@shop/core/server/returns";
import { primaryButtonClass, secondaryButtonClass } from "../components/AuthField";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import { ErrorPage } from "../components/ErrorPage";
import { inputClass } from "../components/Field";
import { ReturnDetails } from "../components/ReturnDetails";
import { adminAction, adminLoader } from "../lib/admin.server";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { returnView } from "../lib/returns";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await adminLoader(request);
  const found = await getReturn(getContext(), params.rma ?? "");
  if (!found) throw data("Return not found", { status: 404 });
  const may = (to: Parameters<typeof returnTransitionError>[1]) =>
    returnTransitionError(found.state, to) === null;
  return data(
    {
      view: returnView(found),
      customer: found.email,
      actions: {
        approve: may("approved"),
        reject: may("rejected"),
        receive: may("received"),
        refund: may("refunded") && found.refund.totalCents > 0,
      },
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const action = keepsInput(submit);

async function submit({ request, params }: ActionFunctionArgs) {
  await adminAction(request);
  const rma = params.rma ?? "";
  const form = await readForm(request);
  const intent = form.get("intent");
  const ctx = getContext();
  const done = (description: string) =>
    redirectWithToast(`/admin/returns/${rma}`, { type: "success", title: "Success", description });
  try {
    if (intent === "approve") {
      await approveReturn(ctx, rma);
      return done(`Return ${rma} approved`);
    }
    if (intent === "reject") {
      await rejectReturn(ctx, rma, { message: form.get("message") });
      return done(`Return ${rma} rejected`);
    }
    if (intent === "receive") {
      const r = await receiveReturn(ctx, rma, { faulty: form.get("faulty") });
      return done(
        r.replacementOrderNumber
          ? `Return ${rma} received; replacement order ${r.replacementOrderNumber} created`
          : `Return ${rma} received`,
      );
    }
    if (intent === "refund") {
      const r = await refundReturn(ctx, rma);
      return done(
        r.state === "refunded"
          ? `${formatPrice(r.refund.totalCents)} refunded for return ${rma}`
          : `Refund of ${formatPrice(r.refund.totalCents)} asked; waiting for the payment provider`,
      );
    }
    return data({ field: "intent", error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ field: error.field ?? "return", error: error.message }, { status: error.status });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Return ${data?.view.rma ?? ""} | Admin | ${SHOP_NAME}` },
];

export default function AdminReturn() {
  const { view, customer, actions } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const messageError = answer && answer.field === "message" ? answer.error : null;
  return (
    <section aria-labelledby="return-title">
      <AdminErrorBanner message={answer && answer.field !== "message" ? answer.error : null} />
      <Link to="/admin/returns" className="text-sm font-medium text-stone-700 underline">
        ← All returns
      </Link>
      <h2 id="return-title" className="mt-3 text-xl font-semibold">
        Return {view.rma}
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Order{" "}
        <Link to={`/admin/orders/${view.orderId}`} className="underline">
          {view.orderNumber}
        </Link>{" "}
        · {customer} · requested on {view.date}
        {view.faulty ? " · received as faulty" : ""}
      </p>
      <ReturnDetails view={view} />
      <div className="mt-8 flex flex-wrap items-start gap-6">
        {actions.approve ? (
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              Approve
            </button>
          </Form>
        ) : null}
        {actions.receive ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="receive" />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="faulty" /> Items are faulty (not restocked)
            </label>
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              Mark as received
            </button>
          </Form>
        ) : null}
        {actions.refund ? (
          <Form method="post">
            <input type="hidden" name="intent" value="refund" />
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              Refund {formatPrice(view.refundCents)}
            </button>
          </Form>
        ) : null}
        {actions.reject ? (
          <Form method="post" className="w-full max-w-md space-y-2">
            <input type="hidden" name="intent" value="reject" />
            <label htmlFor="reject-message" className="block text-sm font-medium text-stone-800">
              Message to the customer
            </label>
            <textarea
              id="reject-message"
              name="message"
              rows={3}
              maxLength={REJECT_MESSAGE_MAX}
              className={inputClass}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? "reject-message-error" : undefined}
            />
            {messageError ? (
              <p id="reject-message-error" className="text-sm text-red-700">
                {messageError}
              </p>
            ) : null}
            <button type="submit" disabled={busy} className={secondaryButtonClass}>
              Reject
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
