import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta(
    "Warranty",
    `Every ${SHOP_NAME} product carries a Lifetime Guarantee against manufacturing defects.`,
    args,
  );

export default function Warranty() {
  return (
    <StaticPage
      title="Lifetime Guarantee"
      lead="We make our clothes to last. If one fails because of how we made it, we make it right."
    >
      <h2>What is covered</h2>
      <ul>
        <li>Seams that open, hems that come down and stitching that unravels.</li>
        <li>Zips, buttons, poppers and drawcords that break in normal use.</li>
        <li>Fabric faults such as holes or pilling far beyond normal wear.</li>
      </ul>
      <h2>What is not covered</h2>
      <ul>
        <li>Normal wear and tear, fading over time, and accidents such as tears and burns.</li>
        <li>Damage from washing or drying against the care label.</li>
        <li>Items altered by someone else.</li>
      </ul>
      <h2>How to make a claim</h2>
      <p>
        Send us a photo of the fault and your order number through the{" "}
        <Link to="/customer-service/contact">contact page</Link>, or bring the item to one of our{" "}
        <Link to="/customer-service/find-a-store">stores</Link>. We repair it free of charge, or
        replace it if it cannot be repaired. There is no time limit, and the guarantee comes in
        addition to your legal rights.
      </p>
    </StaticPage>
  );
}
