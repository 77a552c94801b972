import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { PromotionFormSchema, promotionState, promotionUsage } from "@shop/core/promotions";
import { getContext } from "@shop/core/server/context";
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  listPromotions,
  updatePromotion,
} from "@shop/core/server/promotions";
import { AdminErrorBanner, bannerOf } from "../components/admin/AdminErrorBanner";
import { PromotionForm, promotionFormValues } from "../components/admin/PromotionForm";
import { PromotionList } from "../components/admin/PromotionList";
import { adminFormAction, adminPage, adminSuccess, refuseAdminChange } from "../lib/admin.server";
import { refuseForm } from "../lib/form.server";
import { parseSubmission } from "../lib/forms";
import { adminTitle } from "../lib/title";
import { useActionAnswer } from "../lib/unavailable";

// Promotions (docs/product.md §10 "Promotions", §8: admin errors as a banner titled
// "error"): the list with each code's state and usage, a form to create one, the same form to
// edit one (?edit=<code>), and delete behind a confirmation.

export const loader = adminPage(async ({ request }) => {
  const ctx = getContext();
  const editCode = new URL(request.url).searchParams.get("edit");
  const [promotions, editing] = await Promise.all([
    listPromotions(ctx),
    editCode && editCode.length <= 100 ? getPromotion(ctx, editCode) : null,
  ]);
  const now = new Date();
  return {
    promotions: promotions.map((p) => ({
      code: p.code,
      label: p.label,
      amountCents: p.amountCents,
      expiresAt: p.expiresAt,
      usage: promotionUsage(p),
      state: promotionState(p, now),
    })),
    editing: editing ? promotionFormValues(editing) : null,
    editMissing: Boolean(editCode) && !editing,
  };
});

export const action = adminFormAction(submit);

async function submit(form: FormData) {
  const intent = form.get("intent");
  const ctx = getContext();
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
        </div>
      </div>
    </section>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";
