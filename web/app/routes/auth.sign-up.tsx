import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { redirect } from "@remix-run/server-runtime";
import { SignUpSchema } from "@shop/core/accounts";
import { signUp } from "@shop/core/server/accounts";
import { AuthCard, primaryButtonClass } from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { Field, PasswordPairFields } from "../components/Field";
import { authenticateAndRedirect } from "../lib/auth.server";
import { readForm } from "../lib/form.server";
import { parseSubmission, useSchemaForm } from "../lib/forms";
import { publicPageMeta } from "../lib/meta";
import { assertSameOrigin } from "../lib/security.server";
import { getSessionUser, safeRedirectTo } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { pageTitle } from "../lib/title";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export const action = keepsInput(submit);

async function submit({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  // Only the schema's fields are kept: isAdmin, addresses or a user id in the body are dropped.
  const submission = parseSubmission(form, SignUpSchema);
  const redirectTo = safeRedirectTo(form.get("redirectTo"));
  return authenticateAndRedirect({ request, context }, redirectTo, submission, signUp);
}

export const meta: MetaFunction = (args) =>
  publicPageMeta(args, {
    title: pageTitle("Create an account"),
    description: `Create a ${SHOP_NAME} account to check out, keep your addresses and follow your orders.`,
  });

export default function SignUp() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(SignUpSchema, { id: "sign-up", lastResult: answer?.result });

  return (
    <AuthCard title="Create an account">
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.firstName} label="First name" autoComplete="given-name" />
          <Field meta={fields.lastName} label="Last name" autoComplete="family-name" />
        </div>
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        <PasswordPairFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={`w-full ${primaryButtonClass}`}
        >
          Sign up
        </button>
      </Form>
      <p className="mt-6 text-sm text-stone-600">
        Already have an account?{" "}
        <Link
          to={`/auth/sign-in?${new URLSearchParams({ redirectTo })}`}
          className="font-medium text-accent-700 underline"
        >
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
