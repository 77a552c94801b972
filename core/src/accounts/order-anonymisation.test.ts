import { describe, expect, it } from "vitest";
import { ANONYMISED_EMAIL, ANONYMISED_TEXT, anonymisedContact } from "./order-anonymisation.ts";

describe("an anonymised order's contact data", () => {
  it("replaces the e-mail and every address line, drops company and apartment, keeps the country", () => {
    const address = {
      company: "García Textiles SL",
      address: "Calle Mayor 1",
      apartment: "3º B",
      country: "Spain",
      city: "Madrid",
      zipCode: "28013",
      phone: "+34 600 000 000",
    };
    const anonymised = anonymisedContact(address);
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
