// The flash toast: an action that redirects (303, so reload never re-submits) carries its
// success or error message in a short-lived cookie; the root loader reads and clears it.
import { redirect } from "@remix-run/server-runtime";
import { getContext } from "@shop/core/server/context";
import { createCookie } from "./node-platform.server";
import type { Toast } from "./toast";

/** Created on first use, after the bound secrets are loaded (entry.server.tsx). */
let toastCookieInstance: ReturnType<typeof createCookie> | undefined;
const toastCookie = () =>
  (toastCookieInstance ??= createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secure: getContext().config.production,
    secrets: [getContext().config.sessionSecret],
  }));

type NewToast = Omit<Toast, "id">;

export async function toastHeaders(toast: NewToast): Promise<Headers> {
  const id = `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return new Headers({ "Set-Cookie": await toastCookie().serialize({ ...toast, id }) });
}

export async function redirectWithToast(url: string, toast: NewToast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [k, v] of await toastHeaders(toast)) headers.append(k, v);
  return redirect(url, { status: 303, ...init, headers });
}

/** The pending toast (if any) and the header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const value = await toastCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.title !== "string") {
    return { toast: null, headers: null };
  }
  const toast: Toast = {
    id: String(value.id),
    type: value.type === "error" ? "error" : "success",
    title: value.title,
    description: typeof value.description === "string" ? value.description : undefined,
  };
  const headers = new Headers({ "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) });
  return { toast, headers };
}
