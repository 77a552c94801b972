import { Form } from "@remix-run/react";
import { AddressSchema } from "@shop/core/accounts";
import { parseForm } from "@shop/core/common";
import type { SavedAddress } from "@shop/core/server/accounts";
import { useEffect, useState } from "react";
import { AuthField, primaryButtonClass } from "./AuthField";

type Address = Omit<SavedAddress, "createdAt" | "user">;

const FIELDS = [
  { name: "company", label: "Company", required: false, autoComplete: "organization" },
  { name: "address", label: "Address", required: true, autoComplete: "address-line1" },
  { name: "apartment", label: "Apartment/suite", required: false, autoComplete: "address-line2" },
  { name: "country", label: "Country", required: true, autoComplete: "country-name" },
  { name: "city", label: "City", required: true, autoComplete: "address-level2" },
  { name: "zipCode", label: "Zip code", required: true, autoComplete: "postal-code" },
  { name: "phone", label: "Phone", required: true, autoComplete: "tel" },
] as const;

/**
 * The saved-address form: Update when an address is selected, Create otherwise (docs/product.md §2). With
 * JavaScript the button is disabled while the form is invalid; without it the server checks.
 */
export function AddressForm({
  address,
  errors,
  busy,
}: {
  address: Address | null;
  errors: Record<string, string>;
  busy: boolean;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [valid, setValid] = useState(address !== null);
  useEffect(() => setHydrated(true), []);
  const mode = address ? "update" : "create";

  return (
    <Form
      method="post"
      noValidate
      aria-label={address ? "Update address" : "New address"}
      onChange={(event) =>
        setValid(parseForm(AddressSchema, new FormData(event.currentTarget)).success)
      }
      className="space-y-4 rounded-xl border border-stone-200 p-5"
    >
      <input type="hidden" name="intent" value={mode} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {FIELDS.map((field) => (
        <AuthField
          key={field.name}
          label={field.label}
          name={field.name}
          required={field.required}
          autoComplete={field.autoComplete}
          type={field.name === "phone" ? "tel" : "text"}
          defaultValue={address?.[field.name] ?? ""}
          error={errors[field.name]}
        />
      ))}
      <button
        type="submit"
        disabled={busy || (hydrated && !valid)}
        aria-busy={busy}
        className={`w-full ${primaryButtonClass}`}
      >
        {address ? "Update" : "Create"}
      </button>
    </Form>
  );
}
