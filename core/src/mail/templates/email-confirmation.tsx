// The link that confirms an address: a new one the account asked to move to, or the account's
// own (docs/decisions/007-threat-model.md "Account takeover"). Sent to that address.
import { Layout, MailLink, Paragraph } from "./layout.tsx";
import { renderParts } from "./render.ts";
import { EMAIL_CHANGE_SUBJECT, EMAIL_VERIFY_SUBJECT } from "./subjects.ts";

export interface EmailConfirmationProps {
  firstName: string;
  /** The address the link confirms. */
  email: string;
  /** True when it is a new address for the account, false when it verifies the current one. */
  change: boolean;
  confirmUrl: string;
}

export function EmailConfirmation(props: EmailConfirmationProps) {
  return (
    <Layout preview="Open the link within a day.">
      <Paragraph>{`Hello ${props.firstName},`}</Paragraph>
      <Paragraph>
        {props.change
          ? `To make ${props.email} the e-mail address of your account, open this link within a day:`
          : "To confirm that this is your e-mail address, open this link within a day:"}
      </Paragraph>
      <Paragraph>
        <MailLink href={props.confirmUrl}>Confirm my e-mail address</MailLink>
      </Paragraph>
      <Paragraph>
        {props.change
          ? "If you did not ask for it, ignore this e-mail: the account keeps its address."
          : "If you did not ask for it, ignore this e-mail."}
      </Paragraph>
    </Layout>
  );
}

export const emailConfirmationMail = (props: EmailConfirmationProps) =>
  renderParts(
    props.change ? EMAIL_CHANGE_SUBJECT : EMAIL_VERIFY_SUBJECT,
    <EmailConfirmation {...props} />,
  );
