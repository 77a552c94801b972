// "Your return RMA-… is registered", sent once when a customer asks to return or exchange items:
// the return number, what comes back, the instructions, the address and the printable slip.
import { Layout, Lines, MailLink, Paragraph, Title } from "./layout.tsx";
import { renderParts } from "./render.ts";

export interface ReturnRequestedProps {
  rma: string;
  orderNumber: string;
  /** Variants as variantName says them: "Navy, Medium"; an exchange's new one likewise. */
  lines: Array<{ quantity: number; name: string; variant: string; exchangeFor?: string }>;
  reason: string;
  /** Formatted by the caller ("25.00 €"); "0.00 €" for an exchange. */
  refund: string;
  instructions: string[];
  returnAddress: string[];
  slipUrl: string;
  returnUrl: string;
}

export function ReturnRequested(props: ReturnRequestedProps) {
  return (
    <Layout preview={`Your return number is ${props.rma}.`}>
      <Title>{`Your return ${props.rma} is registered`}</Title>
      <Paragraph>
        {`We have your request to return items of order ${props.orderNumber} (${props.reason}):`}
        <br />
        <Lines
          lines={props.lines.map(
            (l) =>
              `${l.quantity} × ${l.name} (${l.variant})${l.exchangeFor ? `, exchanged for ${l.exchangeFor}` : ""}`,
          )}
        />
      </Paragraph>
      <Paragraph>{`Refund once received and checked: ${props.refund}`}</Paragraph>
      <Paragraph>
        <Lines lines={props.instructions} />
      </Paragraph>
      <Paragraph>
        Send the parcel to:
        <br />
        <Lines lines={props.returnAddress} />
      </Paragraph>
      <Paragraph>
        <MailLink href={props.slipUrl}>Print your return slip</MailLink>
      </Paragraph>
      <Paragraph>
        <MailLink href={props.returnUrl}>Follow your return</MailLink>
      </Paragraph>
    </Layout>
  );
}

export const returnRequestedMail = (props: ReturnRequestedProps) =>
  renderParts(`Your return ${props.rma} is registered`, <ReturnRequested {...props} />);
