// The session cookie and the guards (docs/architecture.md §5, docs/product.md §4 "Session"): an httpOnly, SameSite=Lax cookie (Secure
// in production) holding a random id; the table holds its hash. Identity and role come only
// from here, never from a form or a URL.
import { redirect } from "@remix-run/server-runtime";
import {
  createSession,
  deleteSession,
  getSessionUser as findSessionUser,
  SESSION_LIFETIME_SECONDS,
  type User,
} from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { createCookie } from "./node-platform.server";

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

/** The longest return path kept (as given, and once normalised). */
const RETURN_PATH_MAX_LENGTH = 2048;
/** Encoded deeper than this (%25252f…), no real path is: refused. */
const DECODE_ROUNDS = 4;
/**
 * Refused anywhere in a return path, as sent or decoded: control characters (C0, DEL, C1),
 * format characters (zero-width, bidi), whitespace, backslashes, and look-alikes of the slash,
 * the backslash and "@" (U+2044, U+2215, U+2216, U+29F5, U+29F8, U+29F9, U+FE68, U+FE6B,
 * U+FF0F, U+FF20, U+FF3C) that a browser or a proxy may fold into the real ones.
 */
const UNSAFE_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Z}\s\\\u2044\u2215\u2216\u29F5\u29F8\u29F9\uFE68\uFE6B\uFF0F\uFF20\uFF3C]/u;

/**
 * A path of this shop to come back to (after signing in, or to the page a form was on), or
 * `fallback`: never another site (docs/architecture.md §5). Only a same-origin relative path is kept:
 * it must start with one "/", and neither it nor any percent-decoded form of it (%2f%2f,
 * %252f…) may hold what browsers read as a slash or drop (backslashes, tabs, newlines, other
 * whitespace and control characters) or credentials ("@" before the query). It is then resolved
 * against the shop's origin and compared; the answer is the resolved, normalised path (pathname,
 * search and hash), checked again, since dot segments can fold "/..//x" into "//x". Never
 * throws; the answer is always a valid header value.
 */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  try {
    if (typeof value !== "string" || value.length > RETURN_PATH_MAX_LENGTH) return fallback;
    if (!isLocalPath(value)) return fallback;
    const origin = shopOrigin();
    const url = new URL(value, origin);
    if (url.origin !== origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.length <= RETURN_PATH_MAX_LENGTH && isLocalPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** The shop's own origin (APP_URL), to resolve return paths against. */
function shopOrigin(): string {
  try {
    return new URL(getContext().config.appUrl).origin;
  } catch {
    return "http://localhost";
  }
}

/** Is the path, as given and in every decoded form, plainly a path of this site? */
function isLocalPath(path: string): boolean {
  let form = path;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (!isPlainPath(form)) return false;
    const decoded = percentDecode(form);
    if (decoded === form) return true;
    form = decoded;
  }
  return false;
}

function isPlainPath(form: string): boolean {
  if (!form.startsWith("/") || form.startsWith("//") || UNSAFE_CHARACTER.test(form)) return false;
  // Compatibility forms (full-width "／", "＼", "＠"…) as some decoders fold them.
  const folded = form.normalize("NFKC");
  if (folded.startsWith("//") || folded.includes("\\")) return false;
  return !folded.split(/[?#]/, 1)[0]?.includes("@");
}

/**
 * One round of percent-decoding that never throws: runs of %XX decode as UTF-8, or byte by byte
 * (as Latin-1) when they are not UTF-8, so "%85" shows as the control character it may become.
 */
function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  });
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
 * (the checkout's guard, docs/product.md §2).
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

/** An admin, or the sign-in screen with the spec's message (docs/product.md §6 "Identity and role", §8). */
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
