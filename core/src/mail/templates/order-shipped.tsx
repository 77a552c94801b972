// "Your order has shipped", sent once when an admin marks the order shipped.
import { Layout, Lines, MailLink, Paragraph, Title } from "./layout.tsx";
import { renderParts } from "./render.ts";

export interface OrderShippedProps {
  number: string;
  deliveryMethod: string;
  address: string[];
  ordersUrl: string;
}

export function OrderShipped(props: OrderShippedProps) {
  return (
    <Layout preview={`Your order ${props.number} is on its way.`}>
      <Title>{`Your order ${props.number} has shipped`}</Title>
      <Paragraph>
        {`Good news: it is on its way (${props.deliveryMethod}) to:`}
        <br />
        <Lines lines={props.address} />
      </Paragraph>
      <Paragraph>
        <MailLink href={props.ordersUrl}>See your orders</MailLink>
      </Paragraph>
    </Layout>
  );
}

export const orderShippedMail = (props: OrderShippedProps) =>
  renderParts(`Your order ${props.number} has shipped`, <OrderShipped {...props} />);
