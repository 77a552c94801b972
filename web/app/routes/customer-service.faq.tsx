import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { FREE_SHIPPING_THRESHOLD_CENTS, formatPrice } from "@shop/core/pricing";
import type { ReactNode } from "react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta("FAQ", `Answers to common questions about shopping at ${SHOP_NAME}.`, args);

const QUESTIONS: Array<{ question: string; answer: ReactNode }> = [
  {
    question: "How do I find my size?",
    answer:
      "Our sizes run true to size, from S to XXL. The product page lists the sizes available for each product; reviews often mention the fit.",
  },
  {
    question: "Do I need an account to order?",
    answer:
      "You can browse and fill your cart without one, but you need an account to check out, so we can send your order confirmation and keep your order history.",
  },
  {
    question: "How much is delivery?",
    answer: (
      <>
        STANDARD delivery is free on orders over {formatPrice(FREE_SHIPPING_THRESHOLD_CENTS)}{" "}
        (subtotal plus tax). See <Link to="/customer-service/shipping">Shipping</Link> for all
        methods and prices.
      </>
    ),
  },
  {
    question: "Can I pay in dollars?",
    answer:
      "You can show prices in US dollars with the currency switch, but payments are always charged in euro.",
  },
  {
    question: "How do I use a promotion code?",
    answer:
      "Type it in the promotion code box at checkout and press Apply. The discount shows in the order summary before you pay.",
  },
  {
    question: "Can I return something?",
    answer: (
      <>
        Yes, within 30 days. See <Link to="/customer-service/returns">Returns</Link>.
      </>
    ),
  },
  {
    question: "How do I write a review?",
    answer:
      "Once an order containing the product is paid, a Write a review box appears on the product page when you are signed in.",
  },
];

export default function Faq() {
  return (
    <StaticPage title="FAQ" lead="Answers to the questions we are asked most.">
      {QUESTIONS.map(({ question, answer }) => (
        <section key={question}>
          <h2>{question}</h2>
          <p className="mt-2">{answer}</p>
        </section>
      ))}
    </StaticPage>
  );
}
