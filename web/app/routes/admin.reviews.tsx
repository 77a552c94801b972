import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { deleteReview, listLatestReviews } from "@shop/core/server/reviews";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import { ReviewList } from "../components/admin/ReviewList";
import { ErrorPage } from "../components/ErrorPage";
import { adminAction, adminLoader } from "../lib/admin.server";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

// Reviews (docs/product.md §6: admins may delete any review): the latest across products, newest first,
// paged with a cursor (?cursor=), each deletable behind a confirmation. The success and error
// notices are the spec's (§8): "Review deleted successfully", or an error with the message.

const CURSOR = /^[A-Za-z0-9_-]{1,2000}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const page = await listLatestReviews(getContext(), { cursor });
  return data(
    { ...page, cursor: cursor && CURSOR.test(cursor) ? cursor : null },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  const admin = await adminAction(request);
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const cursor = field("cursor");
  const back = CURSOR.test(cursor) ? `/admin/reviews?cursor=${cursor}` : "/admin/reviews";
  if (field("intent") !== "delete") {
    return data({ error: "Unknown action" }, { status: 400 });
  }
  const productId = field("productId");
  const userId = field("userId");
  if (!productId || !userId || productId.length > 100 || userId.length > 100) {
    return data({ error: "Choose a review to delete" }, { status: 400 });
  }
  try {
    await deleteReview(getContext(), { id: admin.id, isAdmin: admin.isAdmin }, productId, userId);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(back, { type: "error", title: "Error", description: error.message });
  }
  return redirectWithToast(back, {
    type: "success",
    title: "Success",
    description: "Review deleted successfully",
  });
}

export const meta: MetaFunction = () => [{ title: `Reviews | Admin | ${SHOP_NAME}` }];

export default function AdminReviews() {
  const { reviews, nextCursor, cursor } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  return (
    <section aria-labelledby="reviews-title">
      <AdminErrorBanner message={answer && "error" in answer ? answer.error : undefined} />
      <h2 id="reviews-title" className="text-xl font-semibold">
        Latest reviews
      </h2>
      <div className="mt-6">
        <ReviewList reviews={reviews} cursor={cursor} />
      </div>
      {cursor || nextCursor ? (
        <nav aria-label="Review pages" className="mt-6 flex justify-between gap-4">
          {cursor ? (
            <Link to="/admin/reviews" className="font-medium text-accent-700 underline">
              Newest reviews
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Link
              to={`/admin/reviews?cursor=${nextCursor}`}
              className="font-medium text-accent-700 underline"
            >
              Older reviews
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
