// "Notify me" under a product's sizes when some are sold out in the chosen colour
// (docs/product.md §2 "Product page"): the colour (posted with it), the sold-out size and an
// e-mail address (the signed-in customer's, filled in). Checked with core's schema in the
// browser and by the action; a plain POST without JavaScript. Loaded in the browser as a chunk
// of its own, only by a page that shows it (./NotifyMe.tsx).
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { COLOUR_PARAM, type SizeOption } from "@shop/core/catalog";
import { RestockRequestSchema } from "@shop/core/inventory";
import { type FormReply, useSchemaForm } from "../lib/forms";
import { secondaryButtonClass } from "./AuthField";
import { Field } from "./Field";

export function NotifyMeForm({
  colour,
  soldOut,
  email,
  answer,
}: {
  /** The colourway whose sizes are sold out: its palette id. */
  colour: string;
  /** The sold-out sizes, with their labels and names (the page's loader names them). */
  soldOut: readonly SizeOption[];
  email: string | null;
  answer: { result?: FormReply; notified?: string } | undefined;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "notify-me";
  const [form, fields] = useSchemaForm(RestockRequestSchema, {
    id: "notify-me",
    lastResult: answer?.result,
    defaultValue: { email: email ?? "", size: soldOut[0]?.tag ?? "" },
  });
  return (
    <section
      aria-labelledby="notify-me-title"
      className="mt-6 rounded-lg border border-stone-200 p-4"
    >
      <h2 id="notify-me-title" className="text-sm font-semibold text-stone-900">
        Sold out in your size?
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Leave your e-mail: we write once when it is back in stock.
      </p>
      <Form
        method="post"
        preventScrollReset
        {...getFormProps(form)}
        className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="notify-me" />
        <input type="hidden" name={COLOUR_PARAM} value={colour} />
        <Field meta={fields.size} label="Size" as="select">
          {soldOut.map(({ tag, label, name }) => (
            <option key={tag} value={tag}>
              {label} ({name})
            </option>
          ))}
        </Field>
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        <button type="submit" disabled={busy} className={secondaryButtonClass}>
          {busy ? "Sending…" : "Notify me"}
        </button>
      </Form>
      {answer?.notified ? (
        <p role="status" className="mt-3 text-sm font-medium text-accent-700">
          {answer.notified}
        </p>
      ) : null}
    </section>
  );
}
