import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { isPrivatePath } from "@shop/core/catalog";
import { getContext } from "@shop/core/server/context";
import { lazy, type ReactNode, Suspense } from "react";
import { ErrorPage } from "./components/ErrorPage";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { Toaster } from "./components/Toaster";
import { type CartPageHandle, cartLinesScript, useAdoptedCookieCart } from "./lib/cart";
import { CurrencyProvider } from "./lib/currency";
import { useNonce } from "./lib/nonce";
import { getSessionUser } from "./lib/session.server";
import type { SessionUser } from "./lib/session-user";
import { SHOP_NAME } from "./lib/shop";
import type { Toast } from "./lib/toast";
import { readToast } from "./lib/toast.server";
import stylesheet from "./tailwind.css?url";

/**
 * The toasts' live region: rendered by the server (with the toast it sends), and in the browser
 * a chunk of its own, hydrated once it has arrived: nothing the first paint needs waits for it
 * (docs/decisions/033-colourways-and-variants.md "Performance"). Toasts shown meanwhile wait in
 * their store (lib/toast.ts); the router's updates are transitions, so the server's region stays.
 */
const Notifications = import.meta.env.SSR
  ? Toaster
  : lazy(() => import("./components/Toaster").then((module) => ({ default: module.Toaster })));

export interface RootLoaderData {
  user: SessionUser | null;
  toast: Toast | null;
  /** The shop's public URL (APP_URL), for canonical and Open Graph URLs (lib/meta.ts). */
  origin: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, sessionUser] = await Promise.all([
    readToast(request),
    getSessionUser(request),
  ]);
  // The signed-in user from the session cookie (docs/architecture.md §5, docs/product.md §4 "Session"): only what the layout shows.
  const user: SessionUser | null = sessionUser
    ? {
        firstName: sessionUser.firstName,
        lastName: sessionUser.lastName,
        isAdmin: sessionUser.isAdmin,
      }
    : null;
  const body: RootLoaderData = { user, toast, origin: getContext().config.appUrl };
  return data(body, headers ? { headers } : undefined);
}

// The icons and the web app manifest (scripts/favicons.ts makes them, in web/public/).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = ({ error }) => {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = error ? (notFound ? "Page not found" : "Something went wrong") : null;
  return [{ title: title ? `${title} | ${SHOP_NAME}` : SHOP_NAME }];
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Private pages stay out of search results (docs/product.md §2 "Search engines"): the same
  // paths robots.txt keeps crawlers from.
  const noindex = isPrivatePath(useLocation().pathname);
  // A page with nothing to show without a cart (the checkout) names where an empty one goes.
  const emptyCartGoesTo = useMatches()
    .map((match) => (match.handle as Partial<CartPageHandle> | undefined)?.emptyCartGoesTo)
    .find(Boolean);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The banner at the top of every page (stone-900), as in manifest.webmanifest. */}
        <meta name="theme-color" content="#1c1917" />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        {/* No paint before the whole header is parsed: the document streams, and a header
            painted in part (a menu without its currency, a banner cut mid-sentence) would move
            when the rest arrives (no layout shift; browsers without rel=expect ignore it). */}
        <link rel="expect" href="#site-header" {...{ blocking: "render" }} />
        <Meta />
        <Links />
        {/* Before the first paint: how many lines the cart's skeletons show, and for the
            checkout, an empty cart's page in its place (lib/cart.ts). */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: lib/cart.ts's script, of a route's constant.
          dangerouslySetInnerHTML={{ __html: cartLinesScript(emptyCartGoesTo) }}
        />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SiteShell({
  user,
  toast = null,
  children,
}: {
  user: SessionUser | null;
  toast?: Toast | null;
  children: ReactNode;
}) {
  useAdoptedCookieCart();
  return (
    <CurrencyProvider>
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-medium text-stone-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader user={user} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <Suspense fallback={null}>
        <Notifications flash={toast} />
      </Suspense>
    </CurrencyProvider>
  );
}

export default function App() {
  const { user, toast } = useLoaderData<typeof loader>();
  return (
    <SiteShell user={user} toast={toast}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // The root loader may be what failed: then render signed out.
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <SiteShell user={data?.user ?? null}>
      <ErrorPage error={error} />
    </SiteShell>
  );
}
