import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { ResetPasswordSchema } from "@shop/core/accounts";
import {
  INVALID_TOKEN,
  isDomainError,
  isResetTokenValid,
  resetPassword,
} from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { AuthCard, primaryButtonClass } from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { PasswordPairFields } from "../components/Field";
import { readForm, refuseForm, refuseWithDomainError } from "../lib/form.server";
import { parseSubmission, useSchemaForm } from "../lib/forms";
import { assertSameOrigin } from "../lib/security.server";
import { signInAndRedirect } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

/** "Invalid token", then the sign-in screen (docs/product.md §2). */
const invalidToken = () =>
  redirectWithToast("/auth/sign-in", {
    type: "error",
    title: INVALID_TOKEN,
    description: "This reset link is invalid, used or expired. Ask for a new one.",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await isResetTokenValid(getContext(), token))) throw await invalidToken();
  return { token };
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseSubmission(await readForm(request), ResetPasswordSchema);
  if (submission.status !== "success") {
    if (submission.error?.token) return invalidToken();
    return refuseForm(submission, 400);
  }
  try {
    const user = await resetPassword(getContext(), submission.value);
    // The token is spent; the user is signed in with a new session of their own.
    return signInAndRedirect(request, user.id, "/");
  } catch (error) {
    if (isDomainError(error) && error.field === "token") return invalidToken();
    return refuseWithDomainError(submission, error, "password");
  }
}

export const meta: MetaFunction = () => [{ title: `Reset your password | ${SHOP_NAME}` }];

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult: answer?.result,
  });

  return (
    <AuthCard title="Reset your password">
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="token" value={token} />
        <PasswordPairFields
          label="New password"
          password={fields.password}
          confirmPassword={fields.confirmPassword}
        />
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={`w-full ${primaryButtonClass}`}
        >
          Save
        </button>
      </Form>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
