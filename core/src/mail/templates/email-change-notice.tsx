// The notice to the account's current address that someone asked to move the account to
// another one; it carries no link that confirms anything.
import { Layout, MailLink, Paragraph } from "./layout.tsx";
import { renderParts } from "./render.ts";
import { EMAIL_CHANGE_NOTICE_SUBJECT } from "./subjects.ts";

export interface EmailChangeNoticeProps {
  firstName: string;
  /** The address asked for. */
  newEmail: string;
  securityUrl: string;
}

export function EmailChangeNotice(props: EmailChangeNoticeProps) {
  return (
    <Layout preview="Someone asked to change your account's e-mail address.">
      <Paragraph>{`Hello ${props.firstName},`}</Paragraph>
      <Paragraph>
        {`Someone signed in to your account asked to change its e-mail address to ${props.newEmail}. The change takes effect only when the link we sent there is opened.`}
      </Paragraph>
      <Paragraph>If it was not you, change your password now:</Paragraph>
      <Paragraph>
        <MailLink href={props.securityUrl}>Change my password</MailLink>
      </Paragraph>
    </Layout>
  );
}

export const emailChangeNoticeMail = (props: EmailChangeNoticeProps) =>
  renderParts(EMAIL_CHANGE_NOTICE_SUBJECT, <EmailChangeNotice {...props} />);
