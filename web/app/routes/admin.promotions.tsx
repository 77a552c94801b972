import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { parseForm } from "@shop/core/common";
import { PromotionFormSchema, promotionState, promotionUsage } from "@shop/core/promotions";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  listPromotions,
  updatePromotion,
} from "@shop/core/server/promotions";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import {
  PromotionForm,
  type PromotionFormValues,
  promotionFormValues,
} from "../components/admin/PromotionForm";
import { PromotionList } from "../components/admin/PromotionList";
import { ErrorPage } from "../components/ErrorPage";
import { adminAction, adminLoader } from "../lib/admin.server";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

// Promotions (docs/product.md §10 "Promotions", §8: admin errors as a banner titled
// "error"): the list with each code's state and usage, a form to create one, the same form to
// edit one (?edit=<code>), and delete behind a confirmation.

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const ctx = getContext();
  const editCode = new URL(request.url).searchParams.get("edit");
  const [promotions, editing] = await Promise.all([
    listPromotions(ctx),
    editCode && editCode.length <= 100 ? getPromotion(ctx, editCode) : null,
  ]);
  const now = new Date();
  return data(
    {
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
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

type Answer = {
  intent: "create" | "update" | "delete";
  fieldErrors: Record<string, string>;
  /** A service's refusal, shown as the banner (docs/product.md §8). */
  error?: string;
  values?: PromotionFormValues;
};

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  await adminAction(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const ctx = getContext();
  const values = submittedValues(form);
  if (intent !== "create" && intent !== "update" && intent !== "delete") {
    return answer({ intent: "create", fieldErrors: {}, error: "Unknown action" }, 400);
  }
  try {
    if (intent === "delete") {
      const code = String(form.get("code") ?? "");
      await deletePromotion(ctx, code);
      return success(`Promotion ${code} deleted`);
    }
    const parsed = parseForm(PromotionFormSchema, form);
    if (!parsed.success) return answer({ intent, fieldErrors: parsed.fieldErrors, values }, 400);
    const { code, ...fields } = parsed.data;
    if (intent === "create") {
      await createPromotion(ctx, parsed.data);
      return success(`Promotion ${code} created`);
    }
    await updatePromotion(ctx, code, fields);
    return success(`Promotion ${code} updated`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return answer(
      {
        intent,
        fieldErrors: { [error.field ?? "code"]: error.message },
        error: error.message,
        values,
      },
      error.status,
    );
  }
}

const answer = (body: Answer, status: number) => data(body, { status });

const success = (description: string) =>
  redirectWithToast("/admin/promotions", { type: "success", title: "Success", description });

function submittedValues(form: FormData): PromotionFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  return {
    code: text("code"),
    label: text("label"),
    amount: text("amount"),
    expiresAt: text("expiresAt"),
    usageLimit: text("usageLimit"),
  };
}

export const meta: MetaFunction = () => [{ title: `Promotions | Admin | ${SHOP_NAME}` }];

export default function AdminPromotions() {
  const { promotions, editing, editMissing } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mode = editing ? "update" : "create";
  const ownAnswer = answer && answer.intent === mode ? answer : undefined;
  const bannerMessage =
    answer?.error ?? (editMissing ? "This promotion no longer exists" : undefined);

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
            values={ownAnswer?.values ?? editing}
            serverErrors={ownAnswer?.fieldErrors}
            busy={busy}
          />
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
