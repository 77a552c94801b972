// What an order keeps when its customer deletes their account
// (docs/decisions/008-account-deletion.md): the rule of the account deletion's reaction
// (./order-anonymisation.server.ts), read by the returns too. The order stays for the books: its number, lines,
// amounts, promotion, delivery method, state, payment and refund references and every date. What
// identifies or reaches the person goes: the e-mail address and the delivery address (street,
// apartment, company, city, zip code, phone).
// The country stays: it is not a way to find anyone, and the tax on a sale depends on it.
// (Orders hold no name: the name lives on the user item, which the deletion removes.)
import type { Address } from "../common/address.ts";

/** What replaces the customer's e-mail address on an anonymised order. */
export const ANONYMISED_EMAIL = "(account deleted)";
/** What replaces each required line of the delivery address on an anonymised order. */
export const ANONYMISED_TEXT = "(deleted)";

/**
 * The order's contact data once anonymised: the e-mail and the required address lines are
 * replaced, company and apartment dropped, the country kept.
 */
export function anonymisedContact(address: Pick<Address, "country">): {
  email: string;
  address: Address;
} {
  return {
    email: ANONYMISED_EMAIL,
    address: {
      address: ANONYMISED_TEXT,
      city: ANONYMISED_TEXT,
      zipCode: ANONYMISED_TEXT,
      phone: ANONYMISED_TEXT,
      country: address.country,
    },
  };
}
