import type { MetaFunction } from "@remix-run/node";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta("Find a store", `The addresses and opening hours of ${SHOP_NAME}'s stores.`, args);

const STORES = [
  {
    name: `${SHOP_NAME} Lisbon`,
    address: ["Rua da Prata 112", "1100-417 Lisboa", "Portugal"],
    hours: "Monday to Saturday 10:00–20:00, Sunday 11:00–18:00",
    phone: "+351 21 000 0112",
  },
  {
    name: `${SHOP_NAME} Barcelona`,
    address: ["Carrer de Verdi 48", "08012 Barcelona", "Spain"],
    hours: "Monday to Saturday 10:00–20:30, closed on Sunday",
    phone: "+34 93 000 0048",
  },
];

export default function FindAStore() {
  return (
    <StaticPage
      title="Find a store"
      lead="Try things on, collect advice on fit and care, and return online orders in store."
    >
      <ul className="grid gap-4 sm:grid-cols-2 [&]:ml-0 [&]:list-none">
        {STORES.map((store) => (
          <li key={store.name} className="[&]:ml-0 rounded-lg border border-stone-200 p-5">
            <h2 className="[&]:pt-0">{store.name}</h2>
            <address className="mt-2 not-italic">
              {store.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
            <p className="mt-2 text-sm">{store.hours}</p>
            <p className="mt-1 text-sm">Phone: {store.phone}</p>
          </li>
        ))}
      </ul>
    </StaticPage>
  );
}
