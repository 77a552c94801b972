import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AddressSchema } from "@shop/core/accounts";
import type { SavedAddress } from "@shop/core/server/accounts";
import { useEffect, useState } from "react";
import { type FormReply, parseSubmission, useSchemaForm } from "../lib/forms";
import { primaryButtonClass } from "./AuthField";
import { Field } from "./Field";

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
 * Server errors show under the field they name, or under Address (docs/product.md §5).
 */
export function AddressForm({
  address,
  lastResult,
  busy,
}: {
  address: Address | null;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [valid, setValid] = useState(address !== null);
  useEffect(() => setHydrated(true), []);
  const mode = address ? "update" : "create";
  const [form, fields] = useSchemaForm(AddressSchema, {
    id: `address-${address?.id ?? "new"}`,
    lastResult,
    defaultValue: address ?? undefined,
  });

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={address ? "Update address" : "New address"}
      onChange={(event) =>
        setValid(
          parseSubmission(new FormData(event.currentTarget), AddressSchema).status === "success",
        )
      }
      className="space-y-4 rounded-xl border border-stone-200 p-5"
    >
      <input type="hidden" name="intent" value={mode} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          meta={fields[field.name]}
          label={field.label}
          required={field.required}
          autoComplete={field.autoComplete}
          type={field.name === "phone" ? "tel" : "text"}
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
