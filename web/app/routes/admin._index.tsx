import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAdmin } from "../lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/list-products");
}
