// The footer's newsletter sign-up (SPEC §5 "Footer newsletter": e-mail required and valid).
import * as v from "valibot";
import { emailField } from "../shared/fields.ts";

export const NewsletterSchema = v.object({
  email: emailField(),
});
export type Newsletter = v.InferOutput<typeof NewsletterSchema>;
