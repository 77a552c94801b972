// The contact form (docs/product.md §3 "Contact message"): First name, Last name, E-mail, Phone, Subject and
// Message, checked with the action's schema before sending. Field errors show under the fields;
// a refusal of the server (e.g. too many messages) shows as an error toast titled Error and
// above the form (without JavaScript). After "Your message has been sent." the form is cleared.
import { Form, useNavigation } from "@remix-run/react";
import { ContactSchema } from "@shop/core/contact";
import { useEffect, useRef } from "react";
import { showToast } from "../lib/toast";
import { AuthField, FormAlert, inputClass, primaryButtonClass, useFormErrors } from "./AuthField";

export const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "subject",
  "message",
] as const;

export interface ContactAnswer {
  fieldErrors?: Record<string, string>;
  /** What was typed, sent back with field errors (the form keeps it without JavaScript). */
  values?: Record<string, string>;
  formError?: string;
}

export function ContactForm({ answer }: { answer: ContactAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.includes("/contact");
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, onSubmit } = useFormErrors(ContactSchema, answer?.fieldErrors);
  const wasBusy = useRef(false);
  const typed = answer?.values ?? {};

  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    // Sent (the action redirected, so there is no answer): start a new message.
    if (wasBusy.current && navigation.state === "idle" && !answer) formRef.current?.reset();
    if (navigation.state === "idle") wasBusy.current = false;
  }, [busy, navigation.state, answer]);

  useEffect(() => {
    if (answer?.formError) {
      showToast({ type: "error", title: "Error", description: answer.formError });
    }
  }, [answer]);

  return (
    <section aria-labelledby="contact-form-title" className="not-prose pt-4">
      <h2 id="contact-form-title">Send us a message</h2>
      {answer?.formError ? <FormAlert>{answer.formError}</FormAlert> : null}
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <AuthField
            label="First name"
            name="firstName"
            defaultValue={typed.firstName}
            autoComplete="given-name"
            error={errors.firstName}
          />
          <AuthField
            label="Last name"
            name="lastName"
            defaultValue={typed.lastName}
            autoComplete="family-name"
            error={errors.lastName}
          />
          <AuthField
            label="E-mail"
            name="email"
            defaultValue={typed.email}
            type="email"
            autoComplete="email"
            error={errors.email}
          />
          <AuthField
            label="Phone"
            name="phone"
            defaultValue={typed.phone}
            type="tel"
            autoComplete="tel"
            error={errors.phone}
          />
        </div>
        <AuthField
          label="Subject"
          name="subject"
          defaultValue={typed.subject}
          error={errors.subject}
        />
        <div>
          <label htmlFor="message" className="block text-sm font-medium text-stone-800">
            Message
          </label>
          <textarea
            id="message"
            name="message"
            defaultValue={typed.message}
            rows={6}
            required
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? "message-error" : undefined}
            className={inputClass}
          />
          {errors.message ? (
            <p id="message-error" className="mt-1 text-sm text-red-700">
              {errors.message}
            </p>
          ) : null}
        </div>
        <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
          {busy ? "Sending…" : "Send message"}
        </button>
      </Form>
    </section>
  );
}
