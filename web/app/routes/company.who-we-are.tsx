import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta(
    "Who we are",
    `${SHOP_NAME} makes durable everyday clothing for men, women, kids and babies.`,
    args,
  );

export default function WhoWeAre() {
  return (
    <StaticPage
      title="Who we are"
      lead={`${SHOP_NAME} makes everyday clothing that is built to last, for the whole family.`}
    >
      <p>
        We started {SHOP_NAME} in 2019 in a small studio in Lisbon with one idea: the clothes you
        wear most should be the best made things you own. Today we design T-shirts, knitwear, denim,
        outerwear and babywear for men, women, kids and babies, and sell them here and in our two
        stores.
      </p>
      <h2>How we make our clothes</h2>
      <ul>
        <li>
          Natural and recycled fibres first: organic cotton, linen, merino wool and recycled
          polyester for outerwear.
        </li>
        <li>
          Small, long-term partners: family-run knitting, sewing and dyeing workshops in Portugal,
          Spain and Italy, which we visit every season.
        </li>
        <li>
          Fewer, better pieces: we add colours to designs that work rather than a new collection
          every month.
        </li>
      </ul>
      <h2>Made to be kept</h2>
      <p>
        Every piece carries our <Link to="/customer-service/warranty">Lifetime Guarantee</Link>: if
        a seam, zip or button fails because of how we made it, we repair or replace it.
      </p>
      <h2>Come and see us</h2>
      <p>
        Try things on in our <Link to="/customer-service/find-a-store">stores</Link>, or write to us
        through the <Link to="/customer-service/contact">contact page</Link>. We read every message.
      </p>
    </StaticPage>
  );
}
