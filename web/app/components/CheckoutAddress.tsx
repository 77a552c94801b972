// The checkout's shipping form (docs/product.md §5 "Checkout address": address, country, city, zip code and
// phone required; company and apartment optional) and the saved addresses to pick from.
import { ADDRESS_FIELD_NAMES, type AddressValues } from "@shop/core/common";
import { Field, type FieldMeta } from "./Field";

export type { AddressValues };

export interface PickableAddress extends AddressValues {
  id: string;
}

export const EMPTY_ADDRESS = Object.fromEntries(
  ADDRESS_FIELD_NAMES.map((name) => [name, ""]),
) as AddressValues;

const FIELDS: Array<{
  name: keyof AddressValues;
  label: string;
  required: boolean;
  autoComplete: string;
}> = [
  { name: "company", label: "Company", required: false, autoComplete: "shipping organization" },
  { name: "address", label: "Address", required: true, autoComplete: "shipping address-line1" },
  {
    name: "apartment",
    label: "Apartment/suite",
    required: false,
    autoComplete: "shipping address-line2",
  },
  { name: "country", label: "Country", required: true, autoComplete: "shipping country-name" },
  { name: "city", label: "City", required: true, autoComplete: "shipping address-level2" },
  { name: "zipCode", label: "Zip code", required: true, autoComplete: "shipping postal-code" },
  { name: "phone", label: "Phone", required: true, autoComplete: "shipping tel" },
];

/**
 * The shipping fields (the checkout form's, from Conform: `fields`, and its `update`). Picking a
 * saved address fills them and sends its id; typing in one makes the address a new one.
 */
export function CheckoutAddress({
  addresses,
  fields,
  selectedId,
  update,
}: {
  addresses: PickableAddress[];
  fields: Record<keyof AddressValues | "addressId", FieldMeta>;
  selectedId: string;
  update: (change: { name: string; value: string }) => void;
}) {
  const onPick = (saved: PickableAddress | null) => {
    for (const name of ADDRESS_FIELD_NAMES)
      update({ name: fields[name].name, value: saved?.[name] ?? "" });
    update({ name: fields.addressId.name, value: saved?.id ?? "" });
  };
  const onEdit = () => {
    if (selectedId) update({ name: fields.addressId.name, value: "" });
  };
  return (
    <section aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className="text-lg font-medium text-stone-900">
        Shipping information
      </h2>
      {addresses.length > 0 ? (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-stone-800">Saved addresses</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {addresses.map((saved) => (
              <label
                key={saved.id}
                className="flex cursor-pointer gap-3 rounded-lg border border-stone-300 bg-white p-3 text-sm has-[:checked]:border-accent-600 has-[:checked]:ring-2 has-[:checked]:ring-accent-600"
              >
                <input
                  type="radio"
                  name="savedAddress"
                  value={saved.id}
                  checked={selectedId === saved.id}
                  onChange={() => onPick(saved)}
                  className="mt-1 accent-accent-600"
                />
                <span className="text-stone-700">
                  <span className="block font-medium text-stone-900">{saved.address}</span>
                  {[saved.apartment, saved.company].filter(Boolean).join(", ")}
                  {saved.apartment || saved.company ? <br /> : null}
                  {saved.zipCode} {saved.city}, {saved.country}
                  <br />
                  {saved.phone}
                </span>
              </label>
            ))}
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-stone-300 bg-white p-3 text-sm has-[:checked]:border-accent-600 has-[:checked]:ring-2 has-[:checked]:ring-accent-600">
              <input
                type="radio"
                name="savedAddress"
                value=""
                checked={selectedId === ""}
                onChange={() => onPick(null)}
                className="accent-accent-600"
              />
              <span className="font-medium text-stone-900">Add a new address</span>
            </label>
          </div>
        </fieldset>
      ) : null}
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.name === "address" ? "sm:col-span-2" : undefined}>
            <Field
              meta={fields[field.name]}
              label={field.label}
              required={field.required}
              autoComplete={field.autoComplete}
              onInput={onEdit}
              type={field.name === "phone" ? "tel" : "text"}
            />
          </div>
        ))}
      </div>
    </section>
  );
}
