// The bare page's one route: a small page from a loader's data, at the path the shop's
// cold start is measured on (/product), with no data store behind it.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "A bare Remix page" }];

export function loader() {
  return { items: ["Crew T-shirt", "Lambswool sweater", "Linen shirt"] };
}

export default function Product() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Products</h1>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
