// The contact form (docs/product.md §3 "Contact message"): First name, Last name, E-mail, Phone, Subject and
// Message, checked with the action's schema before sending. Field errors show under the fields;
// a refusal of the server (e.g. too many messages) shows as an error toast titled Error and
// above the form (also without JavaScript). After "Your message has been sent." the form is
// cleared.
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { ContactSchema } from "@shop/core/contact";
import { useEffect, useRef, useState } from "react";
import { type FormReply, useSchemaForm } from "../lib/forms";
import { showToast } from "../lib/toast";
import { FormAlert, primaryButtonClass } from "./AuthField";
import { Field } from "./Field";

export function ContactForm({
  lastResult,
  unavailable,
}: {
  lastResult: FormReply | undefined;
  /** A dependency did not answer: the message, and the form keeps what was typed. */
  unavailable?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.includes("/contact");
  // Each message sent starts a new, empty form.
  const [sent, setSent] = useState(0);
  const [form, fields] = useSchemaForm(ContactSchema, { id: `contact-${sent}`, lastResult });
  const wasBusy = useRef(false);
  const answered = lastResult !== undefined || unavailable !== undefined;
  const formError = unavailable ?? form.errors?.[0];

  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    // Sent (the action redirected, so there is no answer): start a new message.
    if (wasBusy.current && navigation.state === "idle" && !answered) setSent((n) => n + 1);
    if (navigation.state === "idle") wasBusy.current = false;
  }, [busy, navigation.state, answered]);

  // Each refusal once, as it arrives.
  useEffect(() => {
    const message = unavailable ?? lastResult?.error?.[""]?.[0];
    if (message) showToast({ type: "error", title: "Error", description: message });
  }, [lastResult, unavailable]);

  return (
    <section aria-labelledby="contact-form-title" className="not-prose pt-4">
      <h2 id="contact-form-title">Send us a message</h2>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Form key={sent} method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.firstName} label="First name" autoComplete="given-name" />
          <Field meta={fields.lastName} label="Last name" autoComplete="family-name" />
          <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
          <Field meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
        </div>
        <Field meta={fields.subject} label="Subject" />
        <Field meta={fields.message} label="Message" as="textarea" rows={6} />
        <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
          {busy ? "Sending…" : "Send message"}
        </button>
      </Form>
    </section>
  );
}
