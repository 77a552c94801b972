// The one labelled field of every form (docs/decisions/015-forms.md): a label, the control (an
// input, or a textarea or select with `as`), an optional description and the field's first
// error, wired from Conform's field metadata (id, name, aria-invalid, aria-describedby, the value
// the form starts with or was sent with). No Conform code runs here: the footer's form, on every
// page, builds the same metadata from the server's answer (NewsletterForm).
import type { SubmissionResult } from "@conform-to/react";
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/** The look of every text control. */
export const inputClass =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-accent-600 focus:outline-2 focus:outline-accent-600 aria-[invalid=true]:border-red-600";

/** What Field reads of Conform's FieldMetadata (which has all of it). */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
}

interface Common {
  meta: FieldMeta;
  label: ReactNode;
  /** Help under the control, read with it (aria-describedby). */
  description?: ReactNode;
  /** Beside the control, in one row (the footer's Subscribe button). */
  addon?: ReactNode;
  /** The error is announced as it appears (a form with one field and no focus move). */
  alert?: boolean;
  /** Instead of the shared input look. */
  controlClassName?: string;
  /** Ids of more help the control is described by (e.g. a counter). */
  describedBy?: string;
}

type InputProps = Common & { as?: "input" } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "id" | "name" | "className"
  >;
type TextareaProps = Common & { as: "textarea" } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "id" | "name" | "className"
  >;
type SelectProps = Common & { as: "select"; children: ReactNode } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id" | "name" | "className"
  >;

export type FieldProps = InputProps | TextareaProps | SelectProps;

/** The value a field starts with: the form's, or what was sent when the server refused it. */
function initialText(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function Field(props: FieldProps) {
  const {
    meta,
    label,
    description,
    addon,
    alert,
    controlClassName,
    describedBy,
    as,
    required = true,
    ...rest
  } = props as Common & { as?: string; required?: boolean } & Record<string, unknown>;
  const error = meta.errors?.[0];
  const describers = [
    describedBy,
    description ? meta.descriptionId : undefined,
    error ? meta.errorId : undefined,
  ].filter(Boolean);
  const controlled = "value" in rest && rest.value !== undefined;
  const control = {
    id: meta.id,
    name: meta.name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describers.length > 0 ? describers.join(" ") : undefined,
    defaultValue: controlled
      ? undefined
      : ((rest.defaultValue as string | undefined) ?? initialText(meta.initialValue)),
    className: controlClassName ?? inputClass,
  };
  const { defaultValue: _given, ...others } = rest;
  const element =
    as === "textarea" ? (
      <textarea {...(others as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...control} />
    ) : as === "select" ? (
      <select {...(others as SelectHTMLAttributes<HTMLSelectElement>)} {...control} />
    ) : (
      <input {...(others as InputHTMLAttributes<HTMLInputElement>)} {...control} />
    );

  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {addon ? (
        <div className="mt-1.5 flex gap-2">
          {element}
          {addon}
        </div>
      ) : (
        element
      )}
      {description ? (
        <p id={meta.descriptionId} className="mt-1 text-xs text-stone-500">
          {description}
        </p>
      ) : null}
      {error ? (
        <p
          id={meta.errorId}
          role={alert ? "alert" : undefined}
          className="mt-1 text-sm text-red-700"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A new password and its confirmation (sign-up, reset, security): one pair, one look. */
export function PasswordPairFields({
  label = "Password",
  password,
  confirmPassword,
}: {
  label?: string;
  password: FieldMeta;
  confirmPassword: FieldMeta;
}) {
  return (
    <>
      <Field meta={password} label={label} type="password" autoComplete="new-password" />
      <Field
        meta={confirmPassword}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** The first message of a refusal, whichever field it is on (a form of one field). */
export const firstError = (result: SubmissionResult<string[]>): string | undefined =>
  Object.values(result.error ?? {}).find((errors) => errors?.[0])?.[0];
