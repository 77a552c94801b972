// One schema per form, both sides (docs/architecture.md §10, docs/decisions/015-forms.md): core's valibot
// schema checks a submission the same way in the browser (Conform's onValidate, through
// useSchemaForm) and in the action (parseSubmission, answered with submission.reply()).
import { type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";

/** What an action answers about a form it refused: Conform's reply (errors, what was typed). */
export type FormReply = SubmissionResult<string[]>;

/**
 * Field names a form of the shop uses: plain words. Conform reads "a.b" and "a[0]" as paths and
 * "__intent__" as a command (parsed as JSON); no form of the shop sends those, and a hostile body
 * could use them to build deep or huge values (a[999999999]) or to throw, so they are left out.
 */
const PLAIN_NAME = /^[A-Za-z][\w-]{0,63}$/;

/** The form's fields with plain names only (PLAIN_NAME). */
export function plainFields(form: FormData | URLSearchParams): FormData {
  const plain = new FormData();
  for (const [name, value] of form.entries()) {
    if (PLAIN_NAME.test(name)) plain.append(name, value);
  }
  return plain;
}

/**
 * The submission checked with its schema, as the browser checks it. Core's schemas take form
 * values as sent (strings, "" for an empty field), so Conform's coercion is off: a value reaches
 * the schema as it came. Conform's own commands (its "validate" as a field is typed, sent as
 * __intent__) pass through: they tell it not to send the form.
 */
function checkSubmission<const S extends v.GenericSchema>(formData: FormData, schema: S) {
  return parseWithValibot(formData, { schema, disableAutoCoercion: true });
}

/** The submission an action received, checked with its schema (plain field names only). */
export function parseSubmission<const S extends v.GenericSchema>(
  form: FormData | URLSearchParams,
  schema: S,
) {
  return checkSubmission(plainFields(form), schema);
}

/** A form's fields as Conform names them: the schema's input (what the form sends). */
type FormShape<S extends v.GenericSchema> = Extract<v.InferInput<S>, Record<string, unknown>>;

/**
 * A form checked in the browser with `schema`: on submit (an invalid form is not sent and shows
 * every error), then each field with an error again as it is typed. Not on blur: an error that
 * appears as a field is left moves the submit button under the pointer between the press and the
 * release, and the click is lost. The form shows the action's `lastResult`; without JavaScript,
 * or before hydration, it is a plain POST and the action answers.
 */
export function useSchemaForm<const S extends v.GenericSchema>(
  schema: S,
  options: {
    id?: string;
    lastResult?: FormReply | null;
    defaultValue?: object;
    /**
     * "onInput" where every error shows while typing (the profile's Save is dimmed); "onBlur"
     * where the submit button stays disabled until the form passes (the checkout's Confirm order),
     * so an error appearing as a field is left never moves a button that could be clicked.
     */
    shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  } = {},
) {
  return useForm<FormShape<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: options.shouldValidate ?? "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkSubmission(formData, schema) as Submission<FormShape<S>, string[]>,
  });
}

/**
 * Whether a form's current values (Conform's `form.value`) pass its schema, as a submission
 * would: e.g. to enable the submit button while nothing shows an error yet.
 */
export function passes(schema: v.GenericSchema, value: Record<string, unknown> | undefined) {
  const formData = new FormData();
  for (const [name, item] of Object.entries(value ?? {})) {
    if (typeof item === "string") formData.append(name, item);
  }
  return checkSubmission(formData, schema).status === "success";
}
