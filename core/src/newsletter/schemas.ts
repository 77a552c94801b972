// The footer's newsletter sign-up (docs/product.md §5 "Footer newsletter": e-mail required and valid).
import * as v from "valibot";
import { emailField } from "../common/fields.ts";
import { normalizeNewlines } from "./preview.ts";

export const NewsletterSchema = v.object({
  email: emailField(),
});
export type Newsletter = v.InferOutput<typeof NewsletterSchema>;

export const NEWSLETTER_SUBJECT_MAX_LENGTH = 200;
export const NEWSLETTER_BODY_MAX_LENGTH = 50_000;

/** The admin's newsletter: a subject and a plain-text message (line endings as "\n"). */
export const NewsletterComposeSchema = v.object({
  subject: v.nullish(
    v.pipe(
      v.string("Subject must be text"),
      v.trim(),
      v.nonEmpty("Subject is required"),
      v.maxLength(
        NEWSLETTER_SUBJECT_MAX_LENGTH,
        `Subject must be at most ${NEWSLETTER_SUBJECT_MAX_LENGTH} characters`,
      ),
      v.check((text) => !/[\r\n]/.test(text), "Subject must be one line"),
    ),
    "",
  ),
  body: v.nullish(
    v.pipe(
      v.string("Message must be text"),
      v.transform(normalizeNewlines),
      v.trim(),
      v.nonEmpty("Message is required"),
      v.maxLength(
        NEWSLETTER_BODY_MAX_LENGTH,
        `Message must be at most ${NEWSLETTER_BODY_MAX_LENGTH} characters`,
      ),
    ),
    "",
  ),
});
export type NewsletterCompose = v.InferOutput<typeof NewsletterComposeSchema>;
