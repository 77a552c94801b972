import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";

// Placeholder: the checkout issue lists the user's orders here.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export const meta: MetaFunction = () => [{ title: `Order History | ${SHOP_NAME}` }];

export default function OrderHistory() {
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Order History</h1>
      <p className="mt-4 text-stone-600">Your orders will appear here</p>
    </div>
  );
}
