import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { formatPrice } from "@shop/core/pricing";
import {
  describeEffect,
  effectAmount,
  OfferFormSchema,
  PromotionFormSchema,
  promotionState,
  promotionUsage,
} from "@shop/core/promotions";
import { getContext, shopNow } from "@shop/core/server/context";
import { readPromotionSales } from "@shop/core/server/insights";
import {
  createCheckedOffer,
  createPromotion,
  deletePromotion,
  getPromotion,
  listOffers,
  updatePromotion,
} from "@shop/core/server/promotions";
import { AdminErrorBanner, bannerOf } from "../components/admin/AdminErrorBanner";
import { OfferForm } from "../components/admin/OfferForm";
import { PromotionForm, promotionFormValues } from "../components/admin/PromotionForm";
import { PromotionList } from "../components/admin/PromotionList";
import { adminFormAction, adminPage, adminSuccess, refuseAdminChange } from "../lib/admin.server";
import { refuseForm } from "../lib/form.server";
import { parseSubmission } from "../lib/forms";
import { adminTitle } from "../lib/title";
import { useActionAnswer } from "../lib/unavailable";

// Promotions (docs/product.md §10 "Promotions", §9 "Promotions: kinds, conditions and how they
// combine", §8: admin errors as a banner titled "error"): the list of codes and automatic offers
// with each one's state and usage, its paid orders and discount given so far (the sales
// aggregates), a form to create a fixed-amount code and edit one
// (?edit=<code>), a form to create a promotion of any kind, and delete behind a confirmation.

export const loader = adminPage(async ({ request }) => {
  const ctx = getContext();
  const editCode = new URL(request.url).searchParams.get("edit");
  const [promotions, sales, editing] = await Promise.all([
    listOffers(ctx),
    readPromotionSales(ctx),
    editCode && editCode.length <= 100 ? getPromotion(ctx, editCode) : null,
  ]);
  const now = shopNow(ctx);
  return {
    promotions: promotions.map((p) => {
      const counted = { ...p.conditions, expiresAt: p.conditions.endsAt, usedCount: p.usedCount };
      return {
        id: p.id,
        ...(p.code ? { code: p.code } : {}),
        label: p.label,
        amount: effectAmount(p.effect),
        gives: describeEffect(p.effect),
        // The fixed-amount form edits an amount off the order only.
        editable: Boolean(p.code) && p.effect.kind === "amount-off-order",
        expiresAt: p.conditions.endsAt,
        usage: promotionUsage(counted),
        orders: sales.get(p.id)?.orders ?? 0,
        discountGiven: formatPrice(sales.get(p.id)?.discountCents ?? 0),
        state: promotionState(counted, now, ctx.config.timeZone),
      };
    }),
    editing: editing ? promotionFormValues(editing) : null,
    editMissing: Boolean(editCode) && !editing,
  };
});

export const action = adminFormAction(submit);

async function submit(form: FormData) {
  const intent = form.get("intent");
  const ctx = getContext();
  if (intent === "create-offer") return createOfferFrom(form);
  if (intent !== "create" && intent !== "update" && intent !== "delete") {
    return refuseForm(form, 400, {}, { intent: "create", banner: "Unknown action" });
  }
  const submission = parseSubmission(form, PromotionFormSchema);
  try {
    if (intent === "delete") {
      const code = String(form.get("code") ?? "");
      await deletePromotion(ctx, code);
      return success(`Promotion ${code} deleted`);
    }
    if (submission.status !== "success") return refuseForm(submission, 400, {}, { intent });
    const { code, ...fields } = submission.value;
    if (intent === "create") {
      await createPromotion(ctx, submission.value);
      return success(`Promotion ${code} created`);
    }
    await updatePromotion(ctx, code, fields);
    return success(`Promotion ${code} updated`);
  } catch (error) {
    return refuseAdminChange(intent === "delete" ? form : submission, error, "code", { intent });
  }
}

/** A promotion of any kind: 400 with the field and its message, or created. */
async function createOfferFrom(form: FormData) {
  const submission = parseSubmission(form, OfferFormSchema);
  if (submission.status !== "success") {
    return refuseForm(submission, 400, {}, { intent: "create-offer" });
  }
  try {
    const offer = await createCheckedOffer(getContext(), submission.value);
    return success(`${offer.code ? `Promotion ${offer.code}` : "Automatic offer"} created`);
  } catch (error) {
    return refuseAdminChange(submission, error, "code", { intent: "create-offer" });
  }
}

const success = (description: string) => adminSuccess("/admin/promotions", description);

export const meta: MetaFunction = () => adminTitle("Promotions");

export default function AdminPromotions() {
  const { promotions, editing, editMissing } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mode = editing ? "update" : "create";
  const ownAnswer = answer && answer.intent === mode ? answer : undefined;
  const bannerMessage =
    bannerOf(answer) ?? (editMissing ? "This promotion no longer exists" : undefined);

  return (
    <section aria-labelledby="promotions-title">
      <AdminErrorBanner message={bannerMessage} />
      <h2 id="promotions-title" className="text-xl font-semibold">
        Promotions
      </h2>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="order-2 lg:order-1">
          <PromotionList promotions={promotions} />
        </div>
        <div className="order-1 lg:order-2">
          <PromotionForm
            key={editing?.code ?? "new"}
            mode={mode}
            values={editing}
            lastResult={ownAnswer?.result}
            busy={busy}
          />
          <div className="mt-8">
            <OfferForm
              lastResult={answer && answer.intent === "create-offer" ? answer.result : undefined}
              busy={busy}
            />
          </div>
        </div>
      </div>
    </section>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";
