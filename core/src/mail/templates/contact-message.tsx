// A message from the contact form, to the shop's support address (the customer is Reply-To).
import { Layout, Lines, Paragraph } from "./layout.tsx";
import { renderParts } from "./render.ts";

export interface ContactMessageProps {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export function ContactMessage(props: ContactMessageProps) {
  const fields: Array<[string, string]> = [
    ["From", `${props.firstName} ${props.lastName} <${props.email}>`],
    ["Phone", props.phone],
    ["Subject", props.subject],
  ];
  return (
    <Layout
      preview={props.subject}
      footer={
        <Paragraph footer>
          Sent from the shop's contact form. Reply to this e-mail to answer the customer.
        </Paragraph>
      }
    >
      {fields.map(([label, value]) => (
        <Paragraph key={label}>
          <b>{`${label}:`}</b>
          {` ${value}`}
        </Paragraph>
      ))}
      <Paragraph>
        <Lines lines={props.message.replace(/\r\n?/g, "\n").split("\n")} />
      </Paragraph>
    </Layout>
  );
}

export const contactMessageMail = (props: ContactMessageProps) =>
  renderParts(`Contact: ${props.subject}`, <ContactMessage {...props} />);
