import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { SignUpSchema } from "@shop/core/accounts";
import { parseForm } from "@shop/core/common";
import { signUp } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  AuthCard,
  AuthField,
  PasswordPairFields,
  primaryButtonClass,
  useFormErrors,
} from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { readForm } from "../lib/form.server";
import { abuseLimits, assertSameOrigin, domainErrorData, requester } from "../lib/security.server";
import { getSessionUser, safeRedirectTo, signInAndRedirect } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
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
  const parsed = parseForm(SignUpSchema, form);
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  try {
    const user = await signUp(
      getContext(),
      parsed.data,
      requester(request, context),
      abuseLimits(),
    );
    return signInAndRedirect(request, user.id, safeRedirectTo(form.get("redirectTo")));
  } catch (error) {
    return domainErrorData(error, "email");
  }
}

export const meta: MetaFunction = () => [{ title: `Create an account | ${SHOP_NAME}` }];

export default function SignUp() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit } = useFormErrors(SignUpSchema, answer?.fieldErrors);

  return (
    <AuthCard title="Create an account">
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <AuthField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            error={errors.firstName}
          />
          <AuthField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            error={errors.lastName}
          />
        </div>
        <AuthField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          error={errors.email}
        />
        <PasswordPairFields errors={errors} />
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
