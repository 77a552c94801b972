import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/**
 * A helpful page for a thrown Response (404 and other statuses) or an unexpected error.
 * Details of unexpected errors are shown in development only (Remix also strips them from
 * production responses).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = notFound
    ? "Page not found"
    : status < 500
      ? "We couldn't handle that request"
      : "Something went wrong";
  const text = notFound
    ? "We couldn't find the page you were looking for. It may have moved, or the link may be out of date."
    : status < 500
      ? "Please check the address or the form and try again."
      : "Sorry, we hit a problem on our side. Please try again in a moment.";
  const detail =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;

  return (
    <section className="container-page py-20 text-center" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-accent-700">Error {status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-stone-600">{text}</p>
      <p className="mt-8">
        <Link
          to="/product"
          className="inline-block rounded-full bg-stone-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-stone-700"
        >
          Browse the catalogue
        </Link>
      </p>
      {detail ? (
        <pre className="mx-auto mt-10 max-w-3xl overflow-x-auto rounded-md bg-stone-100 p-4 text-left text-xs text-stone-700">
          {detail}
        </pre>
      ) : null}
    </section>
  );
}

/** A route's error boundary: the error it caught, as this page (`export { RouteErrorPage as ErrorBoundary }`). */
export function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}
