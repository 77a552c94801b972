import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { ProfileSchema } from "@shop/core/accounts";
import { parseForm } from "@shop/core/common";
import {
  requestEmailChange,
  requestEmailVerification,
  updateNames,
} from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { accountSubscription } from "@shop/core/server/newsletter";
import { useState } from "react";
import { AuthField, primaryButtonClass, secondaryButtonClass } from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { NewsletterSwitch } from "../components/NewsletterSwitch";
import { UserSwitch } from "../components/UserSwitch";
import { useCurrency } from "../lib/currency";
import { readForm } from "../lib/form.server";
import { abuseLimits, assertSameOrigin, domainErrorData } from "../lib/security.server";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { firstName, lastName, email, emailVerified } = user;
  return {
    profile: { firstName, lastName, email },
    emailVerified,
    pendingEmail: user.pendingEmail ?? null,
    // The newsletter switch: the verified address's subscription only (null: not verified).
    newsletter: await accountSubscription(getContext(), user),
  };
}

export const action = keepsInput(submit);

async function submit({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request);
  const ctx = getContext();
  if (form.get("intent") === "verify-email") {
    try {
      await requestEmailVerification(ctx, user.id, abuseLimits());
    } catch (error) {
      return domainErrorData(error, "email");
    }
    return redirectWithToast("/user/profile", {
      type: "success",
      title: "Check your inbox",
      description: `We sent a link to ${user.email} to confirm it`,
    });
  }
  // Names, and an e-mail only through its link: isAdmin, a password or another user's id in the
  // body are dropped.
  const parsed = parseForm(ProfileSchema, form);
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  const { firstName, lastName, email, currentPassword } = parsed.data;
  let pendingEmail: string | null;
  try {
    // A new e-mail is checked (password, address free) and mailed before anything is stored.
    ({ pendingEmail } = await requestEmailChange(
      ctx,
      user,
      { email, currentPassword },
      abuseLimits(),
    ));
    await updateNames(ctx, user.id, { firstName, lastName });
  } catch (error) {
    return domainErrorData(error, "email");
  }
  return redirectWithToast(
    "/user/profile",
    pendingEmail
      ? {
          type: "success",
          title: "Check your inbox",
          description: `We sent a link to ${pendingEmail}: your e-mail changes when you open it`,
        }
      : { type: "success", title: "Success", description: "Profile updated successfully" },
  );
}

export const meta: MetaFunction = () => [{ title: `Profile | ${SHOP_NAME}` }];

export default function Profile() {
  const { profile, newsletter, emailVerified, pendingEmail } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const verifying = busy && navigation.formData?.get("intent") === "verify-email";
  const [values, setValues] = useState({ ...profile, currentPassword: "" });
  const [lastProfile, setLastProfile] = useState(profile);
  if (lastProfile !== profile) {
    // Saved: the form shows what was stored.
    setLastProfile(profile);
    setValues({ ...profile, currentPassword: "" });
  }
  const check = parseForm(ProfileSchema, values);
  const clientErrors = check.success ? {} : check.fieldErrors;
  const errors: Record<string, string | undefined> = { ...answer?.fieldErrors, ...clientErrors };
  const touched = (name: keyof typeof profile) => values[name] !== profile[name];
  // A new e-mail needs the current password (without JavaScript, the server asks for it).
  const changingEmail =
    values.email.trim().toLowerCase() !== profile.email || errors.currentPassword !== undefined;
  const { currency, setCurrency } = useCurrency();

  return (
    <section aria-labelledby="profile-title" className="max-w-xl">
      <h1 id="profile-title" className="text-2xl font-semibold tracking-tight">
        Profile
      </h1>
      <Form method="post" noValidate className="mt-6 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <AuthField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(firstName) => setValues({ ...values, firstName })}
            error={touched("firstName") || answer ? errors.firstName : undefined}
          />
          <AuthField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(lastName) => setValues({ ...values, lastName })}
            error={touched("lastName") || answer ? errors.lastName : undefined}
          />
        </div>
        <AuthField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(email) => setValues({ ...values, email })}
          error={touched("email") || answer ? errors.email : undefined}
        />
        {pendingEmail ? (
          <p className="text-sm text-stone-600" data-testid="pending-email">
            Waiting for confirmation: we sent a link to <strong>{pendingEmail}</strong>. Your e-mail
            stays {profile.email} until it is opened.
          </p>
        ) : null}
        {changingEmail ? (
          <AuthField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(currentPassword) => setValues({ ...values, currentPassword })}
            error={errors.currentPassword}
          />
        ) : null}
        <div className="space-y-3 rounded-lg border border-stone-200 p-4">
          <UserSwitch
            label="Currency"
            checked={currency === "USD"}
            onChange={(usd) => setCurrency(usd ? "USD" : "EUR")}
            stateText={currency}
          />
          {newsletter === null ? (
            <div className="space-y-2 text-sm text-stone-700">
              <p>
                <span className="font-medium text-stone-900">Newsletter:</span> confirm your e-mail
                address to manage your subscription.
              </p>
              <button
                type="submit"
                form="verify-email"
                disabled={verifying}
                aria-busy={verifying}
                className={secondaryButtonClass}
              >
                Send me a confirmation link
              </button>
            </div>
          ) : (
            <NewsletterSwitch initial={newsletter} />
          )}
        </div>
        <button
          type="submit"
          disabled={!check.success || busy}
          aria-busy={busy}
          className={primaryButtonClass}
        >
          Save
        </button>
      </Form>
      {emailVerified ? null : (
        <Form id="verify-email" method="post" className="hidden">
          <input type="hidden" name="intent" value="verify-email" />
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
