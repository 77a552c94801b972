// "Export CSV" on the admin's orders page (docs/product.md §10 "Orders"): a GET form to the export
// route, checked in the browser with core's schema (an invalid range shows on its field and
// nothing is sent). A plain <form>, not Remix's: the browser itself follows it, so the CSV
// arrives as a download and the page stays. Without JavaScript the route answers a bad range
// with a 400 naming the field.
import { getFormProps } from "@conform-to/react";
import { type OrderExportRange, OrderExportSchema } from "@shop/core/insights";
import { useSchemaForm } from "../../lib/forms";
import { Field } from "../Field";

const button =
  "rounded-md bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";

export function OrderExportForm({ defaults }: { defaults: OrderExportRange }) {
  const [form, fields] = useSchemaForm(OrderExportSchema, {
    id: "order-export",
    defaultValue: defaults,
  });
  const titleId = `${form.id}-title`;
  return (
    <form
      method="get"
      action="/admin/orders/export"
      {...getFormProps(form)}
      aria-labelledby={titleId}
      className="mt-6 grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div className="sm:col-span-3">
        <h3 id={titleId} className="text-base font-semibold">
          Export CSV
        </h3>
        <p className="text-sm text-stone-600">
          The orders placed from the first day to the last (both included, UTC), oldest first.
        </p>
      </div>
      <Field meta={fields.from} label="From" type="date" />
      <Field meta={fields.to} label="To" type="date" />
      <div>
        <button type="submit" className={button}>
          Export CSV
        </button>
      </div>
    </form>
  );
}
