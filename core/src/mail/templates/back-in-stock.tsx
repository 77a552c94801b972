// "Back in stock", sent once to each address that asked to be told when a sold-out size returns.
import { Layout, MailLink, Paragraph, Title } from "./layout.tsx";
import { renderParts } from "./render.ts";

export interface BackInStockProps {
  productName: string;
  /** The size's name ("Medium"). */
  size: string;
  productUrl: string;
}

export function BackInStock(props: BackInStockProps) {
  return (
    <Layout preview={`${props.productName} in ${props.size} is back in stock.`}>
      <Title>{`${props.productName} is back in stock`}</Title>
      <Paragraph>
        {`You asked us to tell you: ${props.productName} in size ${props.size} can be ordered again, while it lasts.`}
      </Paragraph>
      <Paragraph>
        <MailLink href={props.productUrl}>See the product</MailLink>
      </Paragraph>
      <Paragraph footer>
        We sent this once because you asked for it; we keep no list of your address.
      </Paragraph>
    </Layout>
  );
}

export const backInStockMail = (props: BackInStockProps) =>
  renderParts(`${props.productName} is back in stock`, <BackInStock {...props} />);
