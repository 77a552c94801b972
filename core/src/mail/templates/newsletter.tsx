// A newsletter issue: the admin's message as text in paragraphs (the same paragraphs as the
// admin's live preview), and the subscriber's own signed unsubscribe link
// (docs/decisions/009-unsubscribe-links.md).
import { Layout, Lines, MailLink, Paragraph } from "./layout.tsx";
import { renderParts } from "./render.ts";

export interface NewsletterProps {
  subject: string;
  /** The message's paragraphs, each a list of its lines: text, never HTML. */
  paragraphs: string[][];
  unsubscribeUrl: string;
}

export function Newsletter(props: NewsletterProps) {
  return (
    <Layout
      preview={props.paragraphs[0]?.join(" ") ?? props.subject}
      footer={
        <Paragraph footer>
          <MailLink href={props.unsubscribeUrl}>Unsubscribe</MailLink> from this newsletter.
        </Paragraph>
      }
    >
      {props.paragraphs.map((lines, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place.
        <Paragraph key={i}>
          <Lines lines={lines} />
        </Paragraph>
      ))}
    </Layout>
  );
}

export const newsletterMail = (props: NewsletterProps) =>
  renderParts(props.subject, <Newsletter {...props} />);
