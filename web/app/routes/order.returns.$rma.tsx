// One return of the signed-in customer (/order/returns/<rma>): its number, state and items; while
// it is open, the instructions, the return address and the printable slip; before it is received,
// "Cancel return" (intent=cancel). Another customer's return is "not found".
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { RETURN_ADDRESS, RETURN_INSTRUCTIONS, returnTransitionError } from "@shop/core/returns";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { cancelReturn, getReturnForUser } from "@shop/core/server/returns";
import { FormAlert, secondaryButtonClass } from "../components/AuthField";
import { BackToOrder } from "../components/BackToOrder";
import { ReturnDetails } from "../components/ReturnDetails";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { returnView } from "../lib/returns";
import { assertSameOrigin } from "../lib/security.server";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await getReturnForUser(getContext(), user.id, params.rma ?? "");
  if (!found) throw data("Return not found", { status: 404 });
  return data(
    {
      view: returnView(found),
      open: ["requested", "approved"].includes(found.state),
      cancellable: returnTransitionError(found.state, "cancelled") === null,
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const action = keepsInput(submit);

async function submit({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") !== "cancel") {
    return data({ error: "Unknown action" }, { status: 400 });
  }
  try {
    const r = await cancelReturn(getContext(), user.id, params.rma ?? "");
    return redirectWithToast(`/order/returns/${r.rma}`, {
      type: "success",
      title: "Success",
      description: `Your return ${r.rma} is cancelled`,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Return ${data?.view.rma ?? ""} | ${SHOP_NAME}` },
];

export default function ReturnPage() {
  const { view, open, cancellable } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  return (
    <div className="container-page max-w-3xl py-10">
      <p className="text-sm font-medium text-accent-700">Order {view.orderNumber}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Return {view.rma}</h1>
      <p className="mt-3 text-stone-700">
        Your return number is <strong data-testid="rma">{view.rma}</strong>. We have sent it to you
        by e-mail too.
      </p>
      {answer && "error" in answer ? <FormAlert>{answer.error}</FormAlert> : null}
      <ReturnDetails view={view} />
      {open ? (
        <section aria-labelledby="return-next" className="mt-8">
          <h2 id="return-next" className="text-lg font-semibold">
            What to do next
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-800">
            {RETURN_INSTRUCTIONS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <address className="mt-3 not-italic text-stone-800">
            {RETURN_ADDRESS.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <a
            href={`/order/returns/${view.rma}/slip`}
            className="mt-4 inline-block font-medium text-accent-700 underline"
          >
            Print the return slip (PDF)
          </a>
        </section>
      ) : null}
      {cancellable ? (
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={secondaryButtonClass}>
            Cancel return
          </button>
        </Form>
      ) : null}
      <BackToOrder orderId={view.orderId} />
    </div>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";
