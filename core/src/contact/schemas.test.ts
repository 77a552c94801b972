import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { ContactSchema } from "./schemas.ts";

const valid = {
  firstName: " Jane ",
  lastName: "Doe",
  email: "Jane@Example.com",
  phone: "+1 555 123 4567",
  subject: " Order 42 ",
  message: " Where is my parcel? ",
};

describe("ContactSchema", () => {
  it("accepts a complete message, trimmed", () => {
    expect(parseForm(ContactSchema, valid)).toEqual({
      success: true,
      data: {
        firstName: "Jane",
        lastName: "Doe",
        email: "jane@example.com",
        phone: "+1 555 123 4567",
        subject: "Order 42",
        message: "Where is my parcel?",
      },
    });
  });

  it("requires every field", () => {
    expect(parseForm(ContactSchema, {})).toEqual({
      success: false,
      fieldErrors: {
        firstName: "First name is required",
        lastName: "Last name is required",
        email: "E-mail is required",
        phone: "Phone is required",
        subject: "Subject is required",
        message: "Message is required",
      },
    });
  });

  it("bounds the subject at 200 and the message at 5000 characters", () => {
    expect(
      parseForm(ContactSchema, { ...valid, subject: "s".repeat(200), message: "m".repeat(5000) })
        .success,
    ).toBe(true);
    expect(
      parseForm(ContactSchema, { ...valid, subject: "s".repeat(201), message: "m".repeat(5001) }),
    ).toEqual({
      success: false,
      fieldErrors: {
        subject: "Subject must be at most 200 characters",
        message: "Message must be at most 5000 characters",
      },
    });
  });
});
