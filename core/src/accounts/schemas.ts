// The account forms of docs/product.md §5: sign-in, sign-up, forgot and reset password, profile, security
// password and saved address (docs/product.md §5 "Reset password":
// reset enforces the 6-character minimum too).
// Extra keys (isAdmin, userId, addresses…) are dropped: role and identity come from the session.
import * as v from "valibot";
import {
  emailField,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  passwordField,
  requiredText,
  withPasswordPair,
} from "../common/fields.ts";

export { ADDRESS_FIELD_MAX_LENGTH, ZIP_CODE_MAX_LENGTH } from "../common/address.ts";

export const SignInSchema = v.object({
  email: emailField(),
  password: passwordField(),
});
export type SignIn = v.InferOutput<typeof SignInSchema>;

export const SignUpSchema = withPasswordPair({
  firstName: requiredText("First name", { max: NAME_MAX_LENGTH }),
  lastName: requiredText("Last name", { max: NAME_MAX_LENGTH }),
  email: emailField(),
});
export type SignUp = v.InferOutput<typeof SignUpSchema>;

export const ForgotPasswordSchema = v.object({
  email: emailField(),
});
export type ForgotPassword = v.InferOutput<typeof ForgotPasswordSchema>;

export const RESET_TOKEN_MAX_LENGTH = 512;
const INVALID_TOKEN = "Invalid token";

/** A missing or malformed token shows the spec's "Invalid token". */
export const ResetPasswordSchema = withPasswordPair({
  token: v.nullish(
    v.pipe(
      v.string(INVALID_TOKEN),
      v.trim(),
      v.nonEmpty(INVALID_TOKEN),
      v.maxLength(RESET_TOKEN_MAX_LENGTH, INVALID_TOKEN),
    ),
    "",
  ),
});
export type ResetPassword = v.InferOutput<typeof ResetPasswordSchema>;

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password";

/**
 * The password a signed-in person types again before a change only the account's owner may make
 * (a new password or e-mail, deleting the account): a session alone is not enough.
 */
function currentPasswordField() {
  return v.nullish(
    v.pipe(
      v.string(CURRENT_PASSWORD_REQUIRED),
      v.nonEmpty(CURRENT_PASSWORD_REQUIRED),
      v.maxLength(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_REQUIRED),
    ),
    "",
  );
}

/**
 * Names and e-mail. The current password is asked only when the e-mail changes (the server
 * checks it then: core/src/accounts/email-change.server.ts), so it may be empty here.
 */
export const ProfileSchema = v.object({
  firstName: requiredText("First name", { min: 2, max: NAME_MAX_LENGTH }),
  lastName: requiredText("Last name", { min: 2, max: NAME_MAX_LENGTH }),
  email: emailField(),
  currentPassword: v.nullish(
    v.pipe(v.string(CURRENT_PASSWORD_REQUIRED), v.maxLength(PASSWORD_MAX_LENGTH)),
    "",
  ),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

export const SecurityPasswordSchema = withPasswordPair({ currentPassword: currentPasswordField() });
export type SecurityPassword = v.InferOutput<typeof SecurityPasswordSchema>;

/** Deleting the account: the current password only. */
export const DeleteAccountSchema = v.object({ currentPassword: currentPasswordField() });
export type DeleteAccount = v.InferOutput<typeof DeleteAccountSchema>;

export const EMAIL_CHANGE_TOKEN_MAX_LENGTH = 512;
export const INVALID_EMAIL_LINK = "This link is invalid or has expired";

// The address is typed once, in common/address.ts (the checkout and the orders use it too).
export { type Address, AddressFields, AddressSchema } from "../common/address.ts";
