import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta(
    "Privacy",
    `What personal data ${SHOP_NAME} keeps, why, for how long, and how to see or delete it.`,
    args,
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
      <h2>When you delete your account</h2>
      <p>
        Your profile (name, e-mail address and password), your saved addresses, your sign-in
        sessions and the record of what you may review are deleted at once.
      </p>
      <p>
        Your orders are kept, because tax law requires us to keep a record of every sale. Within
        moments of the deletion, your e-mail address, delivery address, company and phone number are
        removed from them. What remains is what the accounts need: the order number, the products,
        sizes and quantities, the prices, discount, taxes, shipping and total, the dates, the
        delivery method, the state of the order, the payment and refund references, and the country
        of delivery (the tax on a sale depends on it). An order that has not shipped yet can no
        longer be delivered: we cancel it and refund the payment.
      </p>
      <p>
        Invoices already issued are kept as they were issued, with the name and address they carry,
        in private storage that only we can read: an invoice is an accounting document that may not
        be altered once issued, and we must keep it for as long as the law requires us to keep our
        accounts.
      </p>
      <p>
        Reviews you wrote stay on the products, shown with your first name and the initial of your
        last name: delete them before you delete your account if you want them gone. Your newsletter
        subscription belongs to your e-mail address, not to your account: it stays until you
        unsubscribe. Stripe keeps its own record of your payments under its own legal obligations.
        Copies of the e-mails we queued for you expire within a week, and backups of our database
        are overwritten after 35 days.
      </p>
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
        the link in every issue (it asks you to confirm, so a mail filter that opens the link does
        not unsubscribe you) or with your mail app's own Unsubscribe button, and delete your account
        at any time. For a copy of your data or any other question, write to us through the{" "}
        <Link to="/customer-service/contact">contact page</Link>.
      </p>
    </StaticPage>
  );
}
