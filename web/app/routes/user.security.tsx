import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { DeleteAccountSchema, SecurityPasswordSchema } from "@shop/core/accounts";
import { changePassword, closeAccount } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { primaryButtonClass, secondaryButtonClass } from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { Field, PasswordPairFields } from "../components/Field";
import { readForm, refuseForm, refuseWithDomainError } from "../lib/form.server";
import { parseSubmission, useSchemaForm } from "../lib/forms";
import { abuseLimits, assertSameOrigin } from "../lib/security.server";
import { requireSession, requireUser, signOutHeaders } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { confirmDelete: new URL(request.url).searchParams.has("delete") };
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await requireSession(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "delete-account") {
    const deleting = { intent } as const;
    const submission = parseSubmission(form, DeleteAccountSchema);
    if (submission.status !== "success") return refuseForm(submission, 400, {}, deleting);
    try {
      await closeAccount(
        getContext(),
        session.user.id,
        submission.value.currentPassword,
        abuseLimits(),
      );
    } catch (error) {
      return refuseWithDomainError(submission, error, "currentPassword", deleting);
    }
    return redirectWithToast(
      "/",
      { type: "success", title: "Account deleted", description: "Your account has been deleted." },
      { headers: await signOutHeaders(request) },
    );
  }
  const updating = { intent: "update-password" } as const;
  const submission = parseSubmission(form, SecurityPasswordSchema);
  if (intent !== "update-password") {
    return refuseForm(submission, 400, { fieldErrors: { password: ["Unknown action"] } }, updating);
  }
  if (submission.status !== "success") return refuseForm(submission, 400, {}, updating);
  try {
    await changePassword(
      getContext(),
      session.user.id,
      submission.value,
      session.sessionId,
      abuseLimits(),
    );
  } catch (error) {
    // docs/product.md §8: the error's field and message on the form.
    return refuseWithDomainError(submission, error, "password", updating);
  }
  return redirectWithToast("/user/security", {
    type: "success",
    title: "Success",
    description: "Password updated successfully",
  });
}

export const meta: MetaFunction = () => [{ title: `Security | ${SHOP_NAME}` }];

export default function Security() {
  const { confirmDelete } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [passwordForm, passwordFields] = useSchemaForm(SecurityPasswordSchema, {
    id: "password",
    lastResult: answer?.intent === "update-password" ? answer.result : null,
  });
  const [deleteForm, deleteFields] = useSchemaForm(DeleteAccountSchema, {
    id: "delete",
    lastResult: answer?.intent === "delete-account" ? answer.result : null,
  });

  return (
    <div className="max-w-xl space-y-10">
      <section aria-labelledby="security-title">
        <h1 id="security-title" className="text-2xl font-semibold tracking-tight">
          Security
        </h1>
        <Form method="post" {...getFormProps(passwordForm)} className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="update-password" />
          <Field
            meta={passwordFields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <PasswordPairFields
            label="New password"
            password={passwordFields.password}
            confirmPassword={passwordFields.confirmPassword}
          />
          <button
            type="submit"
            disabled={busy("update-password")}
            aria-busy={busy("update-password")}
            className={primaryButtonClass}
          >
            Save
          </button>
        </Form>
      </section>

      <section aria-labelledby="danger-title" className="rounded-xl border border-red-200 p-5">
        <h2 id="danger-title" className="text-lg font-semibold text-red-800">
          Danger zone
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Deleting your account is permanent: your profile and addresses are removed. Orders are
          kept for our books without your personal data.
        </p>
        {confirmDelete ? (
          <Form
            method="post"
            {...getFormProps(deleteForm)}
            className="mt-4 space-y-3"
            aria-labelledby="confirm-delete"
          >
            <input type="hidden" name="intent" value="delete-account" />
            <p id="confirm-delete" className="text-sm font-medium text-stone-900" role="alert">
              Are you sure? This cannot be undone.
            </p>
            <Field
              meta={deleteFields.currentPassword}
              label="Current password"
              type="password"
              autoComplete="current-password"
            />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                disabled={busy("delete-account")}
                className="inline-flex items-center justify-center rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50"
              >
                Yes, delete my account
              </button>
              <Link to="/user/security" preventScrollReset className={secondaryButtonClass}>
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="get" preventScrollReset className="mt-4">
            <input type="hidden" name="delete" value="" />
            <button
              type="submit"
              className="inline-flex items-center justify-center rounded-full border border-red-300 px-5 py-2.5 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              Delete account
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
