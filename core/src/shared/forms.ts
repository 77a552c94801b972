// Parses a submitted form with its schema (docs/design.md §10 "one schema per form, both sides"), in the
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

/**
 * Validates a form. FormData and URLSearchParams become a plain object first: the last value of
 * a repeated field wins and files are dropped. Never throws on hostile input.
 */
export function parseForm<const S extends v.GenericSchema>(
  schema: S,
  input: FormInput,
): ParseFormResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, formToObject(input));
  if (result.success) return { success: true, data: result.output };

  const fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  for (const issue of result.issues) {
    const path = v.getDotPath(issue);
    if (path === null || path === "") formError ??= issue.message;
    else if (!Object.hasOwn(fieldErrors, path)) fieldErrors[path] = issue.message;
  }
  return formError === undefined
    ? { success: false, fieldErrors }
    : { success: false, fieldErrors, formError };
}

/** FormData or URLSearchParams as a plain object (last value wins, files dropped). */
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
