import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { ProfileSchema } from "@shop/core/accounts";
import {
  requestEmailChange,
  requestEmailVerification,
  updateNames,
} from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { accountSubscription } from "@shop/core/server/newsletter";
import { useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { Field } from "../components/Field";
import { NewsletterSwitch } from "../components/NewsletterSwitch";
import { UserSwitch } from "../components/UserSwitch";
import { useCurrency } from "../lib/currency";
import { readForm, refuseForm, refuseWithDomainError } from "../lib/form.server";
import { parseSubmission, useSchemaForm } from "../lib/forms";
import { abuseLimits, assertSameOrigin } from "../lib/security.server";
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
      // e.g. too many links asked for: shown on the e-mail field.
      return refuseWithDomainError(form, error, "email");
    }
    return redirectWithToast("/user/profile", {
      type: "success",
      title: "Check your inbox",
      description: `We sent a link to ${user.email} to confirm it`,
    });
  }
  // Names, and an e-mail only through its link: isAdmin, a password or another user's id in the
  // body are dropped.
  const submission = parseSubmission(form, ProfileSchema);
  if (submission.status !== "success") return refuseForm(submission, 400);
  const { firstName, lastName, email, currentPassword } = submission.value;
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
    return refuseWithDomainError(submission, error, "email");
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
  // Saved (names changed, or a new e-mail waits for its link): the form starts again from what
  // is stored. Not on every reload of the page's data: the newsletter switch reloads it too.
  const stored = JSON.stringify([profile, pendingEmail]);
  const [version, setVersion] = useState(0);
  const [lastStored, setLastStored] = useState(stored);
  if (lastStored !== stored) {
    setLastStored(stored);
    setVersion(version + 1);
  }
  const [form, fields] = useSchemaForm(ProfileSchema, {
    id: `profile-${version}`,
    lastResult: answer?.result,
    defaultValue: profile,
    // docs/product.md §5: Save is dimmed while the form is invalid, so errors show while typing.
    shouldValidate: "onInput",
  });
  // A new e-mail needs the current password (without JavaScript, the server asks for it).
  const changingEmail =
    (fields.email.value ?? "").trim().toLowerCase() !== profile.email ||
    fields.currentPassword.errors !== undefined;
  const { currency, setCurrency } = useCurrency();

  return (
    <section aria-labelledby="profile-title" className="max-w-xl">
      <h1 id="profile-title" className="text-2xl font-semibold tracking-tight">
        Profile
      </h1>
      <Form key={version} method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.firstName} label="First name" autoComplete="given-name" />
          <Field meta={fields.lastName} label="Last name" autoComplete="family-name" />
        </div>
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        {pendingEmail ? (
          <p className="text-sm text-stone-600" data-testid="pending-email">
            Waiting for confirmation: we sent a link to <strong>{pendingEmail}</strong>. Your e-mail
            stays {profile.email} until it is opened.
          </p>
        ) : null}
        {changingEmail ? (
          <Field
            meta={fields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
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
          disabled={!form.valid || busy}
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
