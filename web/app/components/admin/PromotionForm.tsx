import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { centsToEuroInput, PromotionFormSchema } from "@shop/core/promotions";
import { type FormReply, useSchemaForm } from "../../lib/forms";
import { primaryButtonClass } from "../AuthField";
import { Field } from "../Field";

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
  lastResult,
  busy,
}: {
  mode: "create" | "update";
  values: PromotionFormValues | null;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(PromotionFormSchema, {
    id: `promotion-${mode}`,
    lastResult,
    defaultValue: values ?? undefined,
  });
  const titleId = `${form.id}-title`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-stone-200 p-5"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        {mode === "create" ? "New promotion" : `Edit ${values?.code ?? "promotion"}`}
      </h3>
      <input type="hidden" name="intent" value={mode} />
      {mode === "update" ? (
        <div>
          <span className="block text-sm font-medium text-stone-800">Code</span>
          <input type="hidden" name="code" value={values?.code ?? ""} />
          <p className="mt-1 font-mono text-stone-900">{values?.code}</p>
          {fields.code.errors ? (
            <p id={fields.code.errorId} className="mt-1 text-sm text-red-700">
              {fields.code.errors[0]}
            </p>
          ) : null}
        </div>
      ) : (
        <Field meta={fields.code} label="Code" autoComplete="off" />
      )}
      <Field meta={fields.label} label="Label" autoComplete="off" />
      <Field meta={fields.amount} label="Amount (€)" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.expiresAt} label="Expiry date" type="date" required={false} />
        <Field meta={fields.usageLimit} label="Usage limit" type="number" required={false} />
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
