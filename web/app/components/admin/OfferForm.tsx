import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CATEGORIES } from "@shop/core/catalog";
import { OFFER_KINDS, OfferFormSchema } from "@shop/core/promotions";
import { type FormReply, useSchemaForm } from "../../lib/forms";
import { primaryButtonClass } from "../AuthField";
import { Field } from "../Field";

const KIND_NAMES: Record<(typeof OFFER_KINDS)[number], string> = {
  "amount-off-order": "An amount off the order",
  "percent-off-order": "A percentage off the order",
  "amount-off-items": "An amount off each item of a target",
  "percent-off-items": "A percentage off the items of a target",
  "free-delivery": "Free delivery",
};

/**
 * A promotion of any kind (docs/product.md §9 "Promotions"): with a code, or without one (an
 * automatic offer), its effect, its target and its conditions. The same schema checks it in the
 * browser and in the action (which also checks that each targeted product exists). Works
 * without JavaScript: a plain POST.
 */
export function OfferForm({
  lastResult,
  busy,
}: {
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(OfferFormSchema, { id: "offer-create", lastResult });
  const titleId = `${form.id}-title`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-stone-200 p-5"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        New offer
      </h3>
      <input type="hidden" name="intent" value="create-offer" />
      <Field
        meta={fields.code}
        label="Code"
        autoComplete="off"
        required={false}
        description="Leave empty for an automatic offer, applied by itself."
      />
      <Field meta={fields.label} label="Label" autoComplete="off" />
      <Field meta={fields.kind} label="What it gives" as="select">
        {OFFER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_NAMES[kind]}
          </option>
        ))}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.amount} label="Amount (€)" autoComplete="off" required={false} />
        <Field meta={fields.percent} label="Percentage" inputMode="numeric" required={false} />
      </div>
      <Field meta={fields.methods} label="Free delivery for" as="select" required={false}>
        <option value="STANDARD">The standard method</option>
        <option value="ALL">Both methods</option>
      </Field>
      <fieldset aria-describedby={fields.audiences.errorId}>
        <legend className="text-sm font-medium text-stone-800">Target audiences</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {CATEGORIES.map((category) => (
            <label key={category} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.audiences.name} value={category} />
              {category}
            </label>
          ))}
        </div>
        {fields.audiences.errors ? (
          <p id={fields.audiences.errorId} className="mt-1 text-sm text-red-700">
            {fields.audiences.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <Field
        meta={fields.productTypes}
        label="Target product types"
        required={false}
        description="Comma-separated, e.g. dresses, coats."
      />
      <Field
        meta={fields.productIds}
        label="Target product ids"
        required={false}
        description="Comma-separated."
      />
      <Field meta={fields.minSubtotal} label="Minimum subtotal (€)" required={false} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.startsAt} label="Starts" type="date" required={false} />
        <Field meta={fields.endsAt} label="Ends" type="date" required={false} />
      </div>
      <Field meta={fields.usageLimit} label="Usage limit" type="number" required={false} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={fields.oncePerCustomer.name} /> Once per customer
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={fields.firstOrderOnly.name} /> First order only
      </label>
      <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
        Create offer
      </button>
    </Form>
  );
}
