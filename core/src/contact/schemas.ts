// The contact form (docs/product.md §3 "Contact message"): every field required.
import * as v from "valibot";
import { emailField, NAME_MAX_LENGTH, phoneField, requiredText } from "../common/fields.ts";

export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const ContactSchema = v.object({
  firstName: requiredText("First name", { max: NAME_MAX_LENGTH }),
  lastName: requiredText("Last name", { max: NAME_MAX_LENGTH }),
  email: emailField(),
  phone: phoneField(),
  subject: requiredText("Subject", { max: CONTACT_SUBJECT_MAX_LENGTH }),
  message: requiredText("Message", { max: CONTACT_MESSAGE_MAX_LENGTH }),
});
export type Contact = v.InferOutput<typeof ContactSchema>;
