import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { ResetPasswordSchema } from "@shop/core/accounts";
import { parseForm } from "@shop/core/common";
import { INVALID_TOKEN, isResetTokenValid, resetPassword } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  AuthCard,
  PasswordPairFields,
  primaryButtonClass,
  useFormErrors,
} from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { readForm } from "../lib/form.server";
import { assertSameOrigin, domainErrorData } from "../lib/security.server";
import { signInAndRedirect } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

/** "Invalid token", then the sign-in screen (docs/spec.md §2). */
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
  const parsed = parseForm(ResetPasswordSchema, await readForm(request));
  if (!parsed.success) {
    if (parsed.fieldErrors.token) return invalidToken();
    return data({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  try {
    const user = await resetPassword(getContext(), parsed.data);
    // The token is spent; the user is signed in with a new session of their own.
    return signInAndRedirect(request, user.id, "/");
  } catch (error) {
    const answer = domainErrorData(error, "password");
    if (answer.data.fieldErrors.token) return invalidToken();
    return answer;
  }
}

export const meta: MetaFunction = () => [{ title: `Reset your password | ${SHOP_NAME}` }];

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit } = useFormErrors(ResetPasswordSchema, answer?.fieldErrors);

  return (
    <AuthCard title="Reset your password">
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <input type="hidden" name="token" value={token} />
        <PasswordPairFields label="New password" errors={errors} />
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
