// The delivery method picker (docs/product.md §9): STANDARD "3-5 days" 5 € (the default) and EXPRESS
// "1-2 days" 16 €; the selected one is highlighted.
import { DELIVERY_METHODS, type DeliveryMethodName } from "@shop/core/pricing";
import type { FieldMeta } from "./Field";
import { Price } from "./Price";

/** The checkout form's deliveryMethod (`meta`, from Conform); `value` is the one chosen now. */
export function CheckoutDelivery({ meta, value }: { meta: FieldMeta; value: DeliveryMethodName }) {
  const error = meta.errors?.[0];
  return (
    <fieldset aria-describedby={error ? meta.errorId : undefined}>
      <legend className="text-lg font-medium text-stone-900">Delivery method</legend>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {DELIVERY_METHODS.map((method) => {
          const selected = method.name === value;
          return (
            <label
              key={method.name}
              data-testid={`delivery-${method.name}`}
              data-selected={selected}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 text-sm ${
                selected
                  ? "border-accent-600 bg-accent-50 ring-2 ring-accent-600"
                  : "border-stone-300 bg-white"
              }`}
            >
              <input
                type="radio"
                name={meta.name}
                value={method.name}
                defaultChecked={meta.initialValue === method.name}
                required
                className="mt-0.5 accent-accent-600"
              />
              <span className="flex flex-1 flex-col">
                <span className="font-medium text-stone-900">{method.name}</span>
                <span className="text-stone-600">{method.expectedDelivery}</span>
                <Price cents={method.priceCents} className="mt-2 font-medium text-stone-900" />
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={meta.errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
