import { describe, expect, it } from "vitest";
import { ANONYMISED_EMAIL, ANONYMISED_TEXT, anonymisedContact } from "./order-anonymisation.ts";
import { FULL_ADDRESS } from "./test-fixtures.ts";

describe("an anonymised order's contact data", () => {
  it("replaces the e-mail and every address line, drops company and apartment, keeps the country", () => {
    const anonymised = anonymisedContact(FULL_ADDRESS);
    expect(anonymised).toEqual({
      email: ANONYMISED_EMAIL,
      address: {
        address: ANONYMISED_TEXT,
        city: ANONYMISED_TEXT,
        zipCode: ANONYMISED_TEXT,
        phone: ANONYMISED_TEXT,
        country: "Spain",
      },
    });
    expect(ANONYMISED_EMAIL).not.toContain("@");
  });
});
