import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { adminLoader } from "../lib/admin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  return redirect("/admin/list-products");
}
