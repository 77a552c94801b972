import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { AddressSchema } from "@shop/core/accounts";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { ADDRESSES_PER_MOBILE_PAGE, AddressCards } from "../components/AddressCards";
import { AddressForm } from "../components/AddressForm";
import { ErrorPage } from "../components/ErrorPage";
import { readForm, refuseForm, refuseWithDomainError } from "../lib/form.server";
import { parseSubmission } from "../lib/forms";
import { assertSameOrigin } from "../lib/security.server";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const addresses = await listAddresses(getContext(), user.id);
  // The first address is selected on load; "Add a new address" (?new) clears the form.
  const selected = params.has("new")
    ? null
    : (addresses.find((a) => a.id === params.get("id")) ?? addresses[0] ?? null);
  const pageCount = Math.max(1, Math.ceil(addresses.length / ADDRESSES_PER_MOBILE_PAGE));
  const page = Math.min(
    Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
    pageCount,
  );
  return { addresses, selectedId: selected?.id ?? null, page, pageCount };
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const ctx = getContext();
  const submission = parseSubmission(form, AddressSchema);
  try {
    if (intent === "delete") {
      await deleteAddress(ctx, user.id, id);
      return success("/user/address", "Address deleted successfully");
    }
    if (intent !== "create" && intent !== "update") {
      return refuseForm(form, 400, { fieldErrors: { address: ["Unknown action"] } });
    }
    if (submission.status !== "success") return refuseForm(submission, 400);
    if (intent === "create") {
      await createAddress(ctx, user.id, submission.value);
      return success("/user/address?new", "Address created successfully");
    }
    await updateAddress(ctx, user.id, id, submission.value);
    return success("/user/address?new", "Address updated successfully");
  } catch (error) {
    // docs/product.md §8: on the field the error names, by default Address.
    return refuseWithDomainError(intent === "delete" ? form : submission, error, "address");
  }
}

const success = (to: string, description: string) =>
  redirectWithToast(to, { type: "success", title: "Success", description });

export const meta: MetaFunction = () => [{ title: `Addresses | ${SHOP_NAME}` }];

export default function Addresses() {
  const { addresses, selectedId, page, pageCount } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const selected = addresses.find((a) => a.id === selectedId) ?? null;

  return (
    <section aria-labelledby="addresses-title">
      <h1 id="addresses-title" className="text-2xl font-semibold tracking-tight">
        Addresses
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <AddressCards
          addresses={addresses}
          selectedId={selectedId}
          page={page}
          pageCount={pageCount}
        />
        <AddressForm
          key={selectedId ?? "new"}
          address={selected}
          lastResult={answer?.result}
          busy={navigation.state === "submitting"}
        />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
