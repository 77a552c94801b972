// Field schemas shared by the forms of docs/product.md §5, so every form words its errors the same way:
// "<Label> is required", "<Label> must be at least N characters", "Enter a valid e-mail address".
// Inputs come from HTML forms: strings, where a missing field, null and "" all mean "empty".
// Each field reports one issue at a time: an empty field says only that it is required.
import * as v from "valibot";

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MISMATCH = "Passwords do not match";

/** A message that says "required" for an empty value and `otherwise` for any other. */
function orRequired(required: string, otherwise: string) {
  return (issue: v.BaseIssue<unknown>) => (issue.input === "" ? required : otherwise);
}

/** A required text field, trimmed, `min` (default 1) to `max` characters. */
export function requiredText(label: string, { min = 1, max }: { min?: number; max: number }) {
  const required = `${label} is required`;
  return v.nullish(
    v.pipe(
      v.string(`${label} must be text`),
      v.trim(),
      v.minLength(min, orRequired(required, `${label} must be at least ${min} characters`)),
      v.maxLength(max, `${label} must be at most ${max} characters`),
    ),
    "",
  );
}

/** An optional text field, trimmed; empty (or missing) gives undefined. */
export function optionalText(label: string, { max }: { max: number }) {
  return v.pipe(
    v.nullish(
      v.pipe(
        v.string(`${label} must be text`),
        v.trim(),
        v.maxLength(max, `${label} must be at most ${max} characters`),
      ),
      "",
    ),
    v.transform((text): string | undefined => (text === "" ? undefined : text)),
  );
}

/** A required e-mail address, trimmed and lower-cased. */
export function emailField() {
  return v.nullish(
    v.pipe(
      v.string("E-mail must be text"),
      v.trim(),
      v.toLowerCase(),
      v.email(orRequired("E-mail is required", "Enter a valid e-mail address")),
      v.maxLength(EMAIL_MAX_LENGTH, `E-mail must be at most ${EMAIL_MAX_LENGTH} characters`),
    ),
    "",
  );
}

/** A password as typed (never trimmed), 6 to 128 characters. */
export function passwordField(label = "Password") {
  return v.nullish(
    v.pipe(
      v.string(`${label} must be text`),
      v.minLength(
        PASSWORD_MIN_LENGTH,
        orRequired(
          `${label} is required`,
          `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`,
        ),
      ),
      v.maxLength(
        PASSWORD_MAX_LENGTH,
        `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`,
      ),
    ),
    "",
  );
}

/** The confirmation field: only required here; the schema checks that it matches. */
export function confirmPasswordField() {
  return v.nullish(
    v.pipe(v.string("Confirm password must be text"), v.nonEmpty("Confirm password is required")),
    "",
  );
}

/** The password and its confirmation, checked against each other. */
const passwordPair = v.pipe(
  v.object({ password: passwordField(), confirmPassword: confirmPasswordField() }),
  // "Passwords do not match" on confirmPassword (an empty one is only "required").
  v.forward(
    v.partialCheck(
      [["password"], ["confirmPassword"]],
      (input) => input.confirmPassword === "" || input.password === input.confirmPassword,
      PASSWORD_MISMATCH,
    ),
    ["confirmPassword"],
  ),
);

/**
 * A form with a new password and its confirmation plus `entries`: the pair is checked only once
 * the other fields are valid too (valibot runs pipe checks after the object's own).
 */
export function withPasswordPair<const E extends v.ObjectEntries>(entries: E) {
  return v.intersect([v.object(entries), passwordPair]);
}

const PHONE = /^[0-9+\-() ]{5,30}$/;

/** A required phone number: digits, spaces, +, -, parentheses; 5 to 30 characters. */
export function phoneField() {
  return v.nullish(
    v.pipe(
      v.string("Phone must be text"),
      v.trim(),
      v.regex(PHONE, orRequired("Phone is required", "Enter a valid phone number")),
    ),
    "",
  );
}

/** A required choice among `options` (a radio group or select): missing or unknown → `message`. */
export function choiceField<const T extends readonly [string, ...string[]]>(
  options: T,
  message: string,
) {
  return v.pipe(v.nullish(v.string(message), ""), v.picklist(options, message));
}
