// Return or exchange items (/order/returns/new?order=<id>): the signed-in customer's delivered
// order within its return window; per line a quantity and, for an exchange, a colour and size in
// stock; one reason. A plain form that works without JavaScript (docs/decisions/015-forms.md); the rules are
// core's (core/src/returns), refusals come back on their fields.
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { variantName } from "@shop/core/catalog";
import { formatInvoiceDate } from "@shop/core/invoices";
import { exchangeChoice, RETURN_REASONS, returnRequestSchema } from "@shop/core/returns";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { requestReturn, returnFormFor } from "@shop/core/server/returns";
import { FormAlert, primaryButtonClass } from "../components/AuthField";
import { BackToOrder } from "../components/BackToOrder";
import { Field, type FieldMeta } from "../components/Field";
import { readForm, refuseForm, refuseWithDomainError } from "../lib/form.server";
import { parseSubmission, useSchemaForm } from "../lib/forms";
import { NO_STORE } from "../lib/http";
import { assertSameOrigin } from "../lib/security.server";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

async function formOf(request: Request) {
  const user = await requireUser(request);
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  try {
    return { user, form: await returnFormFor(getContext(), user.id, orderId) };
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { form } = await formOf(request);
  return data(
    {
      order: { id: form.order.id, number: form.order.number },
      windowEnds: formatInvoiceDate(form.windowEnds),
      lines: form.order.lines.map((line, i) => ({
        index: i,
        name: line.name,
        size: variantName(line.colour, line.size),
        bought: line.quantity,
        returnable: form.lines[i]?.returnable ?? 0,
        // Another size or another colour of the same product (docs/product.md §9 "Colours").
        exchangeVariants: (form.lines[i]?.exchangeVariants ?? []).map((variant) => ({
          key: exchangeChoice(variant),
          name: variantName(variant.colour, variant.size),
        })),
      })),
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireUser(request);
  // The body first: its refusals (415, 413, a repeated field) come before anything is read.
  const form = await readForm(request);
  const { user, form: returnForm } = await formOf(request);
  const submission = parseSubmission(form, returnRequestSchema(returnForm.order.lines.length));
  if (submission.status !== "success") {
    return refuseForm(submission, 400);
  }
  try {
    const created = await requestReturn(getContext(), {
      userId: user.id,
      orderId: returnForm.order.id,
      form: Object.fromEntries(form),
    });
    return redirectWithToast(`/order/returns/${created.rma}`, {
      type: "success",
      title: "Success",
      description: `Your return ${created.rma} is registered`,
    });
  } catch (error) {
    return refuseWithDomainError(submission, error, null);
  }
}

/** "0" … "max": the quantities a line offers. */
const quantities = (max: number) => Array.from({ length: max + 1 }, (_, n) => String(n));

export const meta: MetaFunction = () => [{ title: `Return or exchange items | ${SHOP_NAME}` }];

export default function NewReturn() {
  const { order, lines, windowEnds } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(returnRequestSchema(lines.length), {
    lastResult: answer && "result" in answer ? answer.result : undefined,
  });
  const field = (name: string) => (fields as Record<string, FieldMeta | undefined>)[name];
  const reason = field("reason");
  const open = lines.some((l) => l.returnable > 0);
  return (
    <div className="container-page max-w-3xl py-10">
      <p className="text-sm font-medium text-accent-700">Order {order.number}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Return or exchange items</h1>
      <p className="mt-3 text-stone-700">
        Choose what you send back and why. Ask for another size to exchange an item, or leave the
        size empty for a refund. You can return items of this order until {windowEnds}.
      </p>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      {open ? (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
          {lines.map((line) => {
            const quantity = field(`quantity-${line.index}`);
            const size = field(`size-${line.index}`);
            if (!quantity || !size) return null;
            return (
              <fieldset
                key={line.index}
                className="rounded-md border border-stone-200 p-4"
                data-testid="return-line"
              >
                <legend className="px-1 font-medium text-stone-900">
                  {line.name} ({line.size}), bought {line.bought}
                </legend>
                {line.returnable === 0 ? (
                  <p className="text-sm text-stone-600">Already in a return.</p>
                ) : (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field
                      as="select"
                      meta={quantity}
                      label={`Quantity to return of ${line.name}`}
                      required={false}
                    >
                      {quantities(line.returnable).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </Field>
                    <Field
                      as="select"
                      meta={size}
                      label={`Exchange ${line.name} for colour and size`}
                      required={false}
                    >
                      <option value="">No exchange: refund me</option>
                      {line.exchangeVariants.map((variant) => (
                        <option key={variant.key} value={variant.key}>
                          {variant.name}
                        </option>
                      ))}
                    </Field>
                  </div>
                )}
              </fieldset>
            );
          })}
          {reason ? (
            <Field as="select" meta={reason} label="Reason">
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((r) => (
                <option key={r.tag} value={r.tag}>
                  {r.label}
                </option>
              ))}
            </Field>
          ) : null}
          <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
            {busy ? "Sending…" : "Request return"}
          </button>
        </Form>
      ) : (
        <p className="mt-6 text-stone-700">Every item of this order is already in a return.</p>
      )}
      <BackToOrder orderId={order.id} />
    </div>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";
