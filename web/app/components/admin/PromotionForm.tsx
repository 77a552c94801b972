import { Form, Link } from "@remix-run/react";
import { centsToEuroInput, PromotionFormSchema } from "@shop/core/promotions";
import { AuthField, primaryButtonClass, useFormErrors } from "../AuthField";

export interface PromotionFormValues {
  code: string;
  label: string;
  amount: string;
  expiresAt: string;
  usageLimit: string;
}

/** A stored promotion as the form's text values (the amount in euros). */
export function promotionFormValues(promotion: {
  code: string;
  label: string;
  amountCents: number;
  expiresAt?: string;
  usageLimit?: number;
}): PromotionFormValues {
  return {
    code: promotion.code,
    label: promotion.label,
    amount: centsToEuroInput(promotion.amountCents),
    expiresAt: promotion.expiresAt?.slice(0, 10) ?? "",
    usageLimit: promotion.usageLimit === undefined ? "" : String(promotion.usageLimit),
  };
}

/**
 * Creates a promotion (mode "create") or edits one ("update": the code is its key and stays).
 * The same schema checks it in the browser (errors shown, nothing sent) and in the action.
 */
export function PromotionForm({
  mode,
  values,
  serverErrors,
  busy,
}: {
  mode: "create" | "update";
  values: PromotionFormValues | null;
  serverErrors: Record<string, string> | undefined;
  busy: boolean;
}) {
  const { errors, onSubmit } = useFormErrors(PromotionFormSchema, serverErrors);
  const formId = `promotion-${mode}-`;
  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${formId}title`}
      className="space-y-4 rounded-xl border border-stone-200 p-5"
    >
      <h3 id={`${formId}title`} className="text-lg font-semibold">
        {mode === "create" ? "New promotion" : `Edit ${values?.code ?? "promotion"}`}
      </h3>
      <input type="hidden" name="intent" value={mode} />
      {mode === "update" ? (
        <div>
          <span className="block text-sm font-medium text-stone-800">Code</span>
          <input type="hidden" name="code" value={values?.code ?? ""} />
          <p className="mt-1 font-mono text-stone-900">{values?.code}</p>
          {errors.code ? <p className="mt-1 text-sm text-red-700">{errors.code}</p> : null}
        </div>
      ) : (
        <AuthField
          label="Code"
          name="code"
          formId={formId}
          autoComplete="off"
          defaultValue={values?.code ?? ""}
          error={errors.code}
        />
      )}
      <AuthField
        label="Label"
        name="label"
        formId={formId}
        autoComplete="off"
        defaultValue={values?.label ?? ""}
        error={errors.label}
      />
      <AuthField
        label="Amount (€)"
        name="amount"
        formId={formId}
        autoComplete="off"
        defaultValue={values?.amount ?? ""}
        error={errors.amount}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AuthField
          label="Expiry date"
          name="expiresAt"
          type="date"
          formId={formId}
          required={false}
          defaultValue={values?.expiresAt ?? ""}
          error={errors.expiresAt}
        />
        <AuthField
          label="Usage limit"
          name="usageLimit"
          type="number"
          formId={formId}
          required={false}
          defaultValue={values?.usageLimit ?? ""}
          error={errors.usageLimit}
        />
      </div>
      <p className="text-sm text-stone-500">
        Leave the expiry date empty for a code that never expires, and the usage limit empty for
        unlimited use.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
          {mode === "create" ? "Create" : "Update"}
        </button>
        {mode === "update" ? (
          <Link
            to="/admin/promotions"
            className="text-sm font-medium text-stone-700 underline hover:text-stone-900"
          >
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
