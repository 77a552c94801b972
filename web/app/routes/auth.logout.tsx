import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/server-runtime";
import { assertSameOrigin } from "../lib/security.server";
import { signOutHeaders } from "../lib/session.server";

// Logout is a POST (a link could be triggered by another site); a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return redirect("/", { status: 303, headers: await signOutHeaders(request) });
}
