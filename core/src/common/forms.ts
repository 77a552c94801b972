// Parses a submitted form with its schema (docs/architecture.md §10 "one schema per form, both sides"), in the
// browser and on the server alike: field errors keyed by field name, first message per field.
import * as v from "valibot";

export type FormInput = FormData | URLSearchParams | Record<string, unknown>;

export type ParseFormResult<T> =
  | { success: true; data: T }
  | {
      success: false;
      /** The first message for each field that has one, keyed by field name (dot path). */
      fieldErrors: Record<string, string>;
      /** An error about the form as a whole, not one field. */
      formError?: string;
    };

/** A field of a form sent more than once: refused, never one value picked silently. */
export const REPEATED_FIELD = "This field was sent more than once";

/**
 * Validates a form. FormData and URLSearchParams become a plain object first (files dropped); a
 * field sent more than once is refused with REPEATED_FIELD on that field (docs/architecture.md §5: bad
 * input gets a field and a message). Forms with lists (checkboxes) build their object
 * themselves. Never throws on hostile input.
 */
export function parseForm<const S extends v.GenericSchema>(
  schema: S,
  input: FormInput,
): ParseFormResult<v.InferOutput<S>> {
  const repeated = repeatedFields(input);
  const result = v.safeParse(schema, formToObject(input));
  if (result.success && repeated.length === 0) return { success: true, data: result.output };

  const fieldErrors: Record<string, string> = {};
  for (const name of repeated) fieldErrors[name] = REPEATED_FIELD;
  let formError: string | undefined;
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue);
    if (path === null || path === "") formError ??= issue.message;
    else if (!Object.hasOwn(fieldErrors, path)) fieldErrors[path] = issue.message;
  }
  return formError === undefined
    ? { success: false, fieldErrors }
    : { success: false, fieldErrors, formError };
}

/** The names that occur more than once in FormData or URLSearchParams. */
export function repeatedFields(input: FormInput): string[] {
  if (!isEntries(input)) return [];
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of input.keys()) {
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return [...repeated];
}

/**
 * FormData or URLSearchParams as a plain object: files dropped, and a repeated field's last value
 * (parseForm refuses repeated fields first).
 */
export function formToObject(input: FormInput): Record<string, unknown> {
  if (!isEntries(input)) return input;
  const object: Record<string, unknown> = {};
  for (const [key, value] of input.entries()) {
    if (typeof value === "string") object[key] = value;
  }
  return object;
}

function isEntries(input: FormInput): input is FormData | URLSearchParams {
  return (
    (typeof FormData !== "undefined" && input instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && input instanceof URLSearchParams)
  );
}
