// "Your refund for return RMA-…", sent once the payment provider confirmed the refund, with the
// credit note PDF attached.
import { Layout, Lines, MailLink, Paragraph, Title } from "./layout.tsx";
import { renderParts } from "./render.ts";

export interface ReturnRefundedProps {
  rma: string;
  orderNumber: string;
  creditNoteNumber: string;
  /** Formatted by the caller ("25.00 €"). */
  amount: string;
  /** What came back: "1 × Shirt (Medium)". */
  lines: string[];
  ordersUrl: string;
}

export function ReturnRefunded(props: ReturnRefundedProps) {
  return (
    <Layout preview={`We have refunded ${props.amount}.`}>
      <Title>{`Your refund for return ${props.rma}`}</Title>
      <Paragraph>
        {`We have refunded ${props.amount} to the card you paid order ${props.orderNumber} with. It may take a few days to show on your statement.`}
      </Paragraph>
      <Paragraph>
        <Lines lines={props.lines} />
      </Paragraph>
      <Paragraph>{`Your credit note ${props.creditNoteNumber} is attached to this e-mail.`}</Paragraph>
      <Paragraph>
        <MailLink href={props.ordersUrl}>See your orders</MailLink>
      </Paragraph>
    </Layout>
  );
}

export const returnRefundedMail = (props: ReturnRefundedProps) =>
  renderParts(`Your refund for return ${props.rma}`, <ReturnRefunded {...props} />);
