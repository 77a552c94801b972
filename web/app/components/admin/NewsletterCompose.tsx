import { Form } from "@remix-run/react";
import { NEWSLETTER_SUBJECT_MAX_LENGTH } from "@shop/core/newsletter";
import { useState } from "react";
import { inputClass, primaryButtonClass } from "../AuthField";
import { useHydrated } from "../useHydrated";
import { ConfirmButton } from "./ConfirmButton";
import { NewsletterPreview } from "./NewsletterPreview";

/**
 * Subject and message with a live preview. With JavaScript, Send asks for confirmation in a
 * dialog; without it, the form's Send asks the server, which shows the same question on the page.
 */
export function NewsletterCompose({
  initial,
  errors,
  subscriberCount,
  busy,
}: {
  initial: { subject: string; body: string };
  errors: Record<string, string>;
  subscriberCount: number;
  busy: boolean;
}) {
  const [subject, setSubject] = useState(initial.subject);
  const [body, setBody] = useState(initial.body);
  const hydrated = useHydrated();
  const recipients = `${subscriberCount} ${subscriberCount === 1 ? "subscriber" : "subscribers"}`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div>
        <Form
          method="post"
          id="newsletter-compose"
          noValidate
          aria-label="Compose the newsletter"
          className="space-y-4"
        >
          <div>
            <label
              htmlFor="newsletter-subject"
              className="block text-sm font-medium text-stone-800"
            >
              Subject
            </label>
            <input
              id="newsletter-subject"
              name="subject"
              required
              maxLength={NEWSLETTER_SUBJECT_MAX_LENGTH}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? "newsletter-subject-error" : undefined}
              className={inputClass}
            />
            {errors.subject ? (
              <p id="newsletter-subject-error" className="mt-1 text-sm text-red-700">
                {errors.subject}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="newsletter-body" className="block text-sm font-medium text-stone-800">
              Message
            </label>
            <textarea
              id="newsletter-body"
              name="body"
              required
              rows={10}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={`newsletter-body-hint${errors.body ? " newsletter-body-error" : ""}`}
              className={inputClass}
            />
            <p id="newsletter-body-hint" className="mt-1 text-sm text-stone-500">
              Plain text: a blank line starts a new paragraph.
            </p>
            {errors.body ? (
              <p id="newsletter-body-error" className="mt-1 text-sm text-red-700">
                {errors.body}
              </p>
            ) : null}
          </div>
          {/* Submitting this form (its Send without JavaScript, or Enter) asks for confirmation. */}
          <input type="hidden" name="intent" value="confirm" />
          {hydrated ? null : (
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              Send
            </button>
          )}
        </Form>
        {hydrated ? (
          <div className="mt-4">
            <ConfirmButton
              label="Send"
              question={`Send “${subject.trim() || "(no subject)"}” to ${recipients}?`}
              detail="Every subscriber gets it by e-mail. A newsletter cannot be recalled."
              fields={{ intent: "send", subject, body }}
              className={primaryButtonClass}
            />
          </div>
        ) : null}
      </div>
      <NewsletterPreview subject={subject} body={body} />
    </div>
  );
}

/** The question asked without JavaScript: the same as the dialog's, on the page. */
export function NewsletterConfirmPanel({
  values,
  subscriberCount,
}: {
  values: { subject: string; body: string };
  subscriberCount: number;
}) {
  return (
    <Form
      method="post"
      aria-labelledby="newsletter-confirm-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="newsletter-confirm-title" className="font-semibold">
        Send “<span className="break-words">{values.subject}</span>” to {subscriberCount}{" "}
        {subscriberCount === 1 ? "subscriber" : "subscribers"}?
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Every subscriber gets it by e-mail. A newsletter cannot be recalled.
      </p>
      <input type="hidden" name="subject" value={values.subject} />
      <input type="hidden" name="body" value={values.body} />
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="edit"
          className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium"
        >
          Cancel
        </button>
        <button type="submit" name="intent" value="send" className={primaryButtonClass}>
          Send
        </button>
      </div>
    </Form>
  );
}
