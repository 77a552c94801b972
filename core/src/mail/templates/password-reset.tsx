// "Forgot your password?": the single-use link, valid for an hour (docs/product.md §12).
import { Layout, MailLink, Paragraph } from "./layout.tsx";
import { renderParts } from "./render.ts";
import { PASSWORD_RESET_SUBJECT } from "./subjects.ts";

export interface PasswordResetProps {
  firstName: string;
  resetUrl: string;
}

export function PasswordReset(props: PasswordResetProps) {
  return (
    <Layout preview="Choose a new password within one hour.">
      <Paragraph>{`Hello ${props.firstName},`}</Paragraph>
      <Paragraph>To choose a new password, open this link within one hour:</Paragraph>
      <Paragraph>
        <MailLink href={props.resetUrl}>Reset my password</MailLink>
      </Paragraph>
      <Paragraph>
        If you did not ask for it, ignore this e-mail: your password stays the same.
      </Paragraph>
    </Layout>
  );
}

export const passwordResetMail = (props: PasswordResetProps) =>
  renderParts(PASSWORD_RESET_SUBJECT, <PasswordReset {...props} />);
