import { getFormProps } from "@conform-to/react";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { redirect } from "@remix-run/server-runtime";
import { ForgotPasswordSchema, SignInSchema } from "@shop/core/accounts";
import { requestPasswordReset, signIn } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { useEffect } from "react";
import {
  AuthCard,
  FormAlert,
  primaryButtonClass,
  secondaryButtonClass,
} from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { Field } from "../components/Field";
import { authenticateAndRedirect } from "../lib/auth.server";
import { readForm, refuseForm, refuseWithDomainError } from "../lib/form.server";
import { type FormReply, parseSubmission, useSchemaForm } from "../lib/forms";
import { publicPageMeta } from "../lib/meta";
import { abuseLimits, assertSameOrigin, requester } from "../lib/security.server";
import {
  getSessionUser,
  SIGN_IN_REASONS,
  type SignInReason,
  safeRedirectTo,
} from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { pageTitle } from "../lib/title";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export const RESET_SENT = "An email has been sent with instructions to reset your password";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirectTo(params.get("redirectTo"));
  const reason = params.get("reason");
  // Signed in already: go on, unless a guard sent them here (then they may switch accounts).
  if (!reason && (await getSessionUser(request))) throw redirect(redirectTo);
  const message =
    reason && Object.hasOwn(SIGN_IN_REASONS, reason)
      ? SIGN_IN_REASONS[reason as SignInReason]
      : null;
  return { redirectTo, message, forgot: params.has("forgot") };
}

export const action = keepsInput(submit);

async function submit({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const intent = form.get("intent") ?? "sign-in";
  if (intent === "forgot-password") return forgotPassword(request, context, form);
  const submission = parseSubmission(form, SignInSchema);
  const signInForm = { intent: "sign-in" } as const;
  if (intent !== "sign-in") {
    return refuseForm(submission, 400, { fieldErrors: { email: ["Unknown action"] } }, signInForm);
  }
  const redirectTo = safeRedirectTo(form.get("redirectTo"));
  return authenticateAndRedirect({ request, context }, redirectTo, submission, signIn, signInForm);
}

async function forgotPassword(request: Request, context: AppLoadContext, form: FormData) {
  const forgotForm = { intent: "forgot-password" } as const;
  const submission = parseSubmission(form, ForgotPasswordSchema);
  if (submission.status !== "success") return refuseForm(submission, 400, {}, forgotForm);
  try {
    await requestPasswordReset(
      getContext(),
      submission.value.email,
      requester(request, context),
      abuseLimits(),
    );
  } catch (error) {
    return refuseWithDomainError(submission, error, "email", forgotForm);
  }
  const redirectTo = safeRedirectTo(form.get("redirectTo"));
  return redirectWithToast(`/auth/sign-in?${new URLSearchParams({ redirectTo })}`, {
    type: "success",
    title: "Email sent",
    description: RESET_SENT,
  });
}

export const meta: MetaFunction = (args) =>
  publicPageMeta(args, {
    title: pageTitle("Sign in"),
    description: `Sign in to your ${SHOP_NAME} account to check out, follow your orders and download your invoices.`,
  });

export default function SignIn() {
  const { redirectTo, message, forgot } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "sign-in";
  const [form, fields] = useSchemaForm(SignInSchema, {
    id: "sign-in",
    lastResult: answer?.intent === "sign-in" ? answer.result : null,
  });
  const here = new URLSearchParams({ redirectTo });

  return (
    <AuthCard title="Sign in">
      {message ? <FormAlert>{message}</FormAlert> : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        <Field
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <div className="flex items-center justify-between gap-4">
          <Link
            to={`/auth/sign-in?${here}&forgot`}
            preventScrollReset
            className="text-sm font-medium text-accent-700 underline"
          >
            Forgot your password?
          </Link>
          <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
            Sign in
          </button>
        </div>
      </Form>
      <p className="mt-6 text-sm text-stone-600">
        New here?{" "}
        <Link to={`/auth/sign-up?${here}`} className="font-medium text-accent-700 underline">
          Create an account
        </Link>
      </p>
      {forgot ? (
        <ForgotPasswordModal
          redirectTo={redirectTo}
          closeTo={`/auth/sign-in?${here}`}
          lastResult={answer?.intent === "forgot-password" ? answer.result : null}
        />
      ) : null}
    </AuthCard>
  );
}

/** The "Forgot your password?" modal: a real route state (?forgot), so it works without JS. */
function ForgotPasswordModal({
  redirectTo,
  closeTo,
  lastResult,
}: {
  redirectTo: string;
  closeTo: string;
  lastResult: FormReply | null;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "forgot-password";
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, { id: "forgot", lastResult });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate, closeTo]);

  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-stone-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="forgot-title"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id="forgot-title" className="text-lg font-semibold text-stone-900">
          Forgot your password?
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Enter your e-mail address and we will send you a link to choose a new password.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="forgot-password" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" autoFocus />
          <div className="flex flex-wrap justify-end gap-3">
            <button type="submit" form="forgot-cancel" className={secondaryButtonClass}>
              Cancel
            </button>
            <button type="submit" disabled={busy} aria-busy={busy} className={primaryButtonClass}>
              Send me a reset link
            </button>
          </div>
        </Form>
        {/* Cancel reloads the sign-in screen without the modal (a GET: works without JS). */}
        <Form id="forgot-cancel" method="get" action="/auth/sign-in" preventScrollReset>
          <input type="hidden" name="redirectTo" value={redirectTo} />
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
