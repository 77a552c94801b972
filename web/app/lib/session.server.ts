// The session cookie and the guards (docs/design.md §5, §7.7): an httpOnly, SameSite=Lax cookie (Secure
// in production) holding a random id; the table holds its hash. Identity and role come only
// from here, never from a form or a URL.
import { createCookie, redirect } from "@remix-run/node";
import {
  createSession,
  deleteSession,
  getSessionUser as findSessionUser,
  SESSION_LIFETIME_SECONDS,
  type User,
} from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";

export const SESSION_EXPIRED = "Your session has expired, please sign-in again";
export const NOT_ALLOWED = "You're not allowed to access this page";

/** Why the sign-in screen was shown: a query flag, so the message works without JavaScript. */
export const SIGN_IN_REASONS = { expired: SESSION_EXPIRED, forbidden: NOT_ALLOWED } as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** Created on first use, after the bound secrets are loaded (entry.server.tsx). */
let sessionCookieInstance: ReturnType<typeof createCookie> | undefined;
const sessionCookie = () =>
  (sessionCookieInstance ??= createCookie("sid", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getContext().config.production,
    maxAge: SESSION_LIFETIME_SECONDS,
    secrets: [getContext().config.sessionSecret],
  }));

async function sessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

export interface CurrentSession {
  user: User;
  sessionId: string;
}

/** The signed-in user and session, or null. Two reads: the session, then the user. */
export async function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  const id = await sessionId(request);
  if (!id) return null;
  const user = await findSessionUser(getContext(), id);
  return user ? { user, sessionId: id } : null;
}

export async function getSessionUser(request: Request): Promise<User | null> {
  return (await getCurrentSession(request))?.user ?? null;
}

/** A local path to come back to after signing in ("/x?y"), never another site. */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) {
    return fallback;
  }
  if (value.includes("\\") || value.length > 1000) return fallback;
  return value;
}

function signInUrl(request: Request, reason?: SignInReason): string {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  if (reason) params.set("reason", reason);
  return `/auth/sign-in?${params}`;
}

/**
 * The signed-in session, or a redirect to sign-in that comes back here afterwards. With
 * `{ expired: true }` the sign-in screen says "Your session has expired, please sign-in again"
 * (the checkout's guard, docs/spec.md §2).
 */
export async function requireSession(
  request: Request,
  options: { expired?: boolean } = {},
): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session) throw redirect(signInUrl(request, options.expired ? "expired" : undefined));
  return session;
}

export async function requireUser(
  request: Request,
  options: { expired?: boolean } = {},
): Promise<User> {
  return (await requireSession(request, options)).user;
}

/** An admin, or the sign-in screen with the spec's message (docs/spec.md §6, docs/design.md §7.10). */
export async function requireAdmin(request: Request): Promise<User> {
  const session = await getCurrentSession(request);
  if (!session) throw redirect(signInUrl(request, "expired"));
  if (!session.user.isAdmin) throw redirect(signInUrl(request, "forbidden"));
  return session.user;
}

/**
 * Starts a new session (a fresh id on every sign-in: no fixation), ends the one the request
 * carried, and redirects (303) with the cookie set.
 */
export async function signInAndRedirect(request: Request, userId: string, to: string) {
  const old = await sessionId(request);
  if (old) await deleteSession(getContext(), old);
  const session = await createSession(getContext(), userId);
  return redirect(to, {
    status: 303,
    headers: {
      "Set-Cookie": await sessionCookie().serialize(session.id, { expires: session.expiresAt }),
    },
  });
}

/** Signs out: deletes the session and clears the cookie. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  const id = await sessionId(request);
  if (id) await deleteSession(getContext(), id);
  return new Headers({ "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0 }) });
}
