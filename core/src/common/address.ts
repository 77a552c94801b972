// The address (docs/product.md §5 "Checkout address" and the saved-address form): one valibot
// schema, from which every address type is derived — the saved address, the checkout's, the
// order's, the invoice's, and the forms' values on the page.
import * as v from "valibot";
import { optionalText, phoneField, requiredText } from "./fields.ts";

export const ADDRESS_FIELD_MAX_LENGTH = 200;
export const ZIP_CODE_MAX_LENGTH = 20;

/** The fields of an address, shared by the saved-address form and the checkout. */
export const AddressFields = {
  company: optionalText("Company", { max: ADDRESS_FIELD_MAX_LENGTH }),
  address: requiredText("Address", { max: ADDRESS_FIELD_MAX_LENGTH }),
  apartment: optionalText("Apartment", { max: ADDRESS_FIELD_MAX_LENGTH }),
  country: requiredText("Country", { max: ADDRESS_FIELD_MAX_LENGTH }),
  city: requiredText("City", { max: ADDRESS_FIELD_MAX_LENGTH }),
  zipCode: requiredText("Zip code", { max: ZIP_CODE_MAX_LENGTH }),
  phone: phoneField(),
};

export const AddressSchema = v.object(AddressFields);

type Checked = v.InferOutput<typeof AddressSchema>;
/** The keys of a checked value that may be left out (their value may be undefined). */
type MayBeLeftOut<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];
/**
 * An address as checked and stored: company and apartment left out when empty (the schema's
 * output, with its optional fields optional).
 */
export type Address = Omit<Checked, MayBeLeftOut<Checked>> & {
  [K in MayBeLeftOut<Checked>]?: Exclude<Checked[K], undefined>;
};

/** An address as a form holds it: every field text, "" when empty. */
export type AddressValues = { [Name in keyof Address]-?: string };

/** The address's field names, in the forms' order. */
export const ADDRESS_FIELD_NAMES = Object.keys(AddressFields) as ReadonlyArray<keyof Address>;

/** The address part of a larger checked value (the checkout form's), and nothing else. */
export function addressOf(value: Address): Address {
  const { company, address, apartment, country, city, zipCode, phone } = value;
  return { company, address, apartment, country, city, zipCode, phone };
}
