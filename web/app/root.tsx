import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage } from "./components/ErrorPage";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { Toaster } from "./components/Toaster";
import { CurrencyProvider } from "./lib/currency";
import { useNonce } from "./lib/nonce";
import { getSessionUser } from "./lib/session.server";
import type { SessionUser } from "./lib/session-user";
import { SHOP_NAME } from "./lib/shop";
import type { Toast } from "./lib/toast";
import { readToast } from "./lib/toast.server";
import stylesheet from "./tailwind.css?url";

export interface RootLoaderData {
  user: SessionUser | null;
  toast: Toast | null;
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
  const body: RootLoaderData = { user, toast };
  return data(body, headers ? { headers } : undefined);
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = error ? (notFound ? "Page not found" : "Something went wrong") : null;
  return [{ title: title ? `${title} | ${SHOP_NAME}` : SHOP_NAME }];
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        <Links />
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
      <Toaster flash={toast} />
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
