// The order confirmation, sent once the order is paid, with the invoice PDF attached.
import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Layout, Lines, MailLink, Paragraph, SHOP_NAME, Title } from "./layout.tsx";
import { renderParts } from "./render.ts";

export interface OrderConfirmationProps {
  number: string;
  /** The amounts are formatted by the caller (e.g. "70.00 €"). */
  total: string;
  /** Each line's variant as variantName says it: "Navy, Medium" (the size alone before colours). */
  lines: Array<{ quantity: number; name: string; variant: string; amount: string }>;
  /** Subtotal, shipping, taxes, a discount, the total: label and amount, in order. */
  totals: Array<{ label: string; amount: string }>;
  deliveryMethod: string;
  address: string[];
  ordersUrl: string;
}

const amount = { textAlign: "right" as const, whiteSpace: "nowrap" as const };
const cell = { fontSize: "15px", lineHeight: "24px", padding: "2px 0" };

export function OrderConfirmation(props: OrderConfirmationProps) {
  return (
    <Layout preview={`We have received your payment of ${props.total}.`}>
      <Title>{`Thank you for your order ${props.number}`}</Title>
      <Paragraph>{`We have received your payment of ${props.total}.`}</Paragraph>
      <Section>
        {props.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their order.
          <Row key={i}>
            {/* The trailing space separates the cells in the plain-text part. */}
            <Column style={cell}>{`${line.quantity} × ${line.name} (${line.variant}) `}</Column>
            <Column style={{ ...cell, ...amount }}>{line.amount}</Column>
          </Row>
        ))}
      </Section>
      <Section style={{ borderTop: "1px solid #e7e5e4", marginTop: "8px" }}>
        {props.totals.map((total) => (
          <Row key={total.label}>
            <Column style={cell}>{`${total.label}: `}</Column>
            <Column style={{ ...cell, ...amount }}>{total.amount}</Column>
          </Row>
        ))}
      </Section>
      <Paragraph>
        {`Delivery (${props.deliveryMethod}) to:`}
        <br />
        <Lines lines={props.address} />
      </Paragraph>
      <Paragraph>Your invoice is attached to this e-mail.</Paragraph>
      <Paragraph>
        <MailLink href={props.ordersUrl}>See your orders</MailLink>
      </Paragraph>
    </Layout>
  );
}

export const orderConfirmationMail = (props: OrderConfirmationProps) =>
  renderParts(`Your ${SHOP_NAME} order ${props.number}`, <OrderConfirmation {...props} />);
