import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { NEWSLETTER_SUBJECT_MAX_LENGTH, NewsletterComposeSchema } from "@shop/core/newsletter";
import { useState } from "react";
import { type FormReply, useSchemaForm } from "../../lib/forms";
import { primaryButtonClass } from "../AuthField";
import { Field } from "../Field";
import { useHydrated } from "../useHydrated";
import { ConfirmButton } from "./ConfirmButton";
import { NewsletterPreview } from "./NewsletterPreview";

/**
 * Subject and message with a live preview, checked with the action's schema as they are left.
 * With JavaScript, Send asks for confirmation in a dialog whose form sends them; without it, the
 * form's Send asks the server, which shows the same question on the page. The server's errors
 * show on the fields either way.
 */
export function NewsletterCompose({
  initial,
  lastResult,
  subscriberCount,
  busy,
}: {
  initial: { subject: string; body: string };
  lastResult: FormReply | undefined;
  subscriberCount: number;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(NewsletterComposeSchema, {
    id: "newsletter-compose",
    lastResult,
  });
  const [subject, setSubject] = useState(initial.subject);
  const [body, setBody] = useState(initial.body);
  const hydrated = useHydrated();
  const recipients = `${subscriberCount} ${subscriberCount === 1 ? "subscriber" : "subscribers"}`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div>
        <Form
          method="post"
          {...getFormProps(form)}
          aria-label="Compose the newsletter"
          className="space-y-4"
        >
          <Field
            meta={fields.subject}
            label="Subject"
            maxLength={NEWSLETTER_SUBJECT_MAX_LENGTH}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
          <Field
            meta={fields.body}
            label="Message"
            as="textarea"
            rows={10}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            description="Plain text: a blank line starts a new paragraph."
          />
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
