import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminLoader } from "../lib/admin.server";
import { SHOP_NAME } from "../lib/shop";

// Placeholder: the admin issue replaces this screen.
export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  return null;
}

export const meta: MetaFunction = () => [{ title: `Products | Admin | ${SHOP_NAME}` }];

export default function ListProducts() {
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title" className="text-xl font-semibold">
        Products
      </h2>
      <p className="mt-2 text-stone-600">The admin screens come with the admin issue.</p>
    </section>
  );
}
