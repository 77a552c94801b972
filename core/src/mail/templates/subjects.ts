// The fixed subjects, apart from the templates so that a caller or a test can name one without
// loading React Email.
export const PASSWORD_RESET_SUBJECT = "Reset your password";
export const EMAIL_CHANGE_SUBJECT = "Confirm your new e-mail address";
export const EMAIL_VERIFY_SUBJECT = "Confirm your e-mail address";
export const EMAIL_CHANGE_NOTICE_SUBJECT = "Your e-mail address is being changed";
