import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getContext } from "@shop/core/server/context";
import type { ReactNode } from "react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export function loader(_: LoaderFunctionArgs) {
  return { supportEmail: getContext().config.supportEmail };
}

export const meta: MetaFunction = () =>
  staticMeta("Contact", `Questions about an order or a product? Contact ${SHOP_NAME}.`, SHOP_NAME);

/** Where the contact form goes (the contact issue wires it in); nothing renders until then. */
const contactForm: ReactNode = null;

export default function Contact() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <StaticPage
      title="Contact"
      lead="Questions about an order, a size or a product? We are happy to help."
    >
      <p>
        Write to us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Please include your
        order number if your question is about an order: you find it in your confirmation e-mail and
        in your order history.
      </p>
      <h2>Opening hours</h2>
      <ul>
        <li>Monday to Friday: 9:00 to 18:00 (CET)</li>
        <li>Saturday: 10:00 to 14:00 (CET)</li>
        <li>Sunday and public holidays: closed</li>
      </ul>
      <p>We answer every message within one working day.</p>
      {contactForm}
    </StaticPage>
  );
}
