// The account forms of docs/spec.md §5: sign-in, sign-up, forgot and reset password, profile, security
// password and saved address (docs/design.md §7.2: reset enforces the 6-character minimum too).
// Extra keys (isAdmin, userId, addresses…) are dropped: role and identity come from the session.
import * as v from "valibot";
import {
  emailField,
  NAME_MAX_LENGTH,
  optionalText,
  passwordField,
  phoneField,
  requiredText,
  withPasswordPair,
} from "../common/fields.ts";

export const ADDRESS_FIELD_MAX_LENGTH = 200;
export const ZIP_CODE_MAX_LENGTH = 20;

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

export const ProfileSchema = v.object({
  firstName: requiredText("First name", { min: 2, max: NAME_MAX_LENGTH }),
  lastName: requiredText("Last name", { min: 2, max: NAME_MAX_LENGTH }),
  email: emailField(),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

export const SecurityPasswordSchema = withPasswordPair({});
export type SecurityPassword = v.InferOutput<typeof SecurityPasswordSchema>;

/** The fields of an address, shared by the saved-address form and the checkout. */
export const AddressFields = {
  company: optionalText("Company", { max: ADDRESS_FIELD_MAX_LENGTH }),
  address: requiredText("Address", { max: ADDRESS_FIELD_MAX_LENGTH }),
  apartment: optionalText("Apartment", { max: ADDRESS_FIELD_MAX_LENGTH }),
  country: requiredText("Country", { max: ADDRESS_FIELD_MAX_LENGTH }),
  city: requiredText("City", { max: ADDRESS_FIELD_MAX_LENGTH }),
  zipCode: requiredText("Zip code", { max: ZIP_CODE_MAX_LENGTH }),
  phone: phoneField(),
};

export const AddressSchema = v.object(AddressFields);
export type Address = v.InferOutput<typeof AddressSchema>;
