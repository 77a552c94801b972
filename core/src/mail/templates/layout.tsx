// The one layout every e-mail of the shop shares (docs/decisions/016-email-templates.md): the
// shop's name, the mail's content, a footer. Templates take plain props (strings the calling
// area has formatted), so the mail area depends on no other area of core.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { type CSSProperties, Fragment, type ReactNode } from "react";

export const SHOP_NAME = "Threadline";
const DEFAULT_FOOTER = `${SHOP_NAME}, clothes made to last. Thank you for shopping with us.`;

const colors = { ink: "#1c1917", muted: "#78716c", line: "#e7e5e4", link: "#9a3412" };

const styles = {
  body: { backgroundColor: "#f5f5f4", fontFamily: "Helvetica, Arial, sans-serif", margin: 0 },
  container: {
    backgroundColor: "#ffffff",
    border: `1px solid ${colors.line}`,
    borderRadius: "8px",
    margin: "24px auto",
    maxWidth: "600px",
    padding: "24px 32px",
  },
  brand: {
    color: colors.ink,
    fontSize: "20px",
    fontWeight: 700,
    letterSpacing: "0.02em",
    margin: 0,
  },
  heading: { color: colors.ink, fontSize: "20px", lineHeight: "28px", margin: "24px 0 8px" },
  text: { color: colors.ink, fontSize: "15px", lineHeight: "24px", margin: "12px 0" },
  link: { color: colors.link, textDecoration: "underline" },
  hr: { borderColor: colors.line, margin: "24px 0 8px" },
  footer: { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "8px 0" },
} satisfies Record<string, CSSProperties>;

export function Layout({
  preview,
  footer,
  children,
}: {
  /** The line a mail client shows after the subject (not in the text part). */
  preview: string;
  /** What the footer says (the default names the shop). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section>
            <Text style={styles.brand}>{SHOP_NAME}</Text>
          </Section>
          <Section>{children}</Section>
          <Hr style={styles.hr} />
          <Section>{footer ?? <Paragraph footer>{DEFAULT_FOOTER}</Paragraph>}</Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Title({ children }: { children: string }) {
  return (
    <Heading as="h1" style={styles.heading}>
      {children}
    </Heading>
  );
}

export function Paragraph({ children, footer }: { children: ReactNode; footer?: boolean }) {
  return <Text style={footer ? styles.footer : styles.text}>{children}</Text>;
}

export function MailLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** Lines of text, one under the other (an address, a message's lines): text, never HTML. */
export function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}
