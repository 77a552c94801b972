import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = () =>
  staticMeta(
    "Privacy",
    `What personal data ${SHOP_NAME} keeps, why, for how long, and how to see or delete it.`,
    SHOP_NAME,
  );

export default function Privacy() {
  return (
    <StaticPage
      title="Privacy"
      lead="We collect only what we need to run the shop, and we never sell your data."
    >
      <h2>What we keep</h2>
      <ul>
        <li>Your account: name, e-mail address and a securely hashed password.</li>
        <li>Your saved delivery addresses and phone number.</li>
        <li>Your orders and invoices, which we must keep for tax purposes.</li>
        <li>Your reviews, shown with your first name and the initial of your last name.</li>
        <li>Your newsletter subscription, if you choose to subscribe.</li>
      </ul>
      <h2>What stays in your browser</h2>
      <p>
        Your cart and your display currency are kept in your browser's local storage, not on our
        servers. We use one cookie to keep you signed in, and a short-lived one to show messages
        after a form is sent. We use no advertising or tracking cookies.
      </p>
      <h2>Payments</h2>
      <p>
        Card payments are handled by Stripe. Your card number goes straight to Stripe and never
        reaches our servers. See <Link to="/customer-service/secure-payment">Secure payment</Link>.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your details in your profile, unsubscribe from the newsletter with
        the link in every issue, and delete your account at any time. For a copy of your data or any
        other question, write to us through the{" "}
        <Link to="/customer-service/contact">contact page</Link>.
      </p>
    </StaticPage>
  );
}
