import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { ProfileSchema } from "@shop/core/accounts";
import { parseForm } from "@shop/core/common";
import { updateProfile } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { isSubscribed } from "@shop/core/server/newsletter";
import { useState } from "react";
import { AuthField, primaryButtonClass } from "../components/AuthField";
import { ErrorPage } from "../components/ErrorPage";
import { NewsletterSwitch } from "../components/NewsletterSwitch";
import { UserSwitch } from "../components/UserSwitch";
import { useCurrency } from "../lib/currency";
import { readForm } from "../lib/form.server";
import { assertSameOrigin, domainErrorData } from "../lib/security.server";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { firstName, lastName, email } = await requireUser(request);
  // The newsletter switch shows the state stored for the user's e-mail.
  const newsletter = await isSubscribed(getContext(), email);
  return { profile: { firstName, lastName, email }, newsletter };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  // Names and e-mail only: isAdmin, a password or another user's id in the body are dropped.
  const parsed = parseForm(ProfileSchema, await readForm(request));
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  try {
    await updateProfile(getContext(), user.id, parsed.data);
  } catch (error) {
    return domainErrorData(error, "email");
  }
  return redirectWithToast("/user/profile", {
    type: "success",
    title: "Success",
    description: "Profile updated successfully",
  });
}

export const meta: MetaFunction = () => [{ title: `Profile | ${SHOP_NAME}` }];

export default function Profile() {
  const { profile, newsletter } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [values, setValues] = useState(profile);
  const [lastProfile, setLastProfile] = useState(profile);
  if (lastProfile !== profile) {
    // Saved: the form shows what was stored.
    setLastProfile(profile);
    setValues(profile);
  }
  const check = parseForm(ProfileSchema, values);
  const clientErrors = check.success ? {} : check.fieldErrors;
  const errors: Record<string, string | undefined> = { ...answer?.fieldErrors, ...clientErrors };
  const touched = (name: keyof typeof values) => values[name] !== profile[name];
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
        <div className="space-y-3 rounded-lg border border-stone-200 p-4">
          <UserSwitch
            label="Currency"
            checked={currency === "USD"}
            onChange={(usd) => setCurrency(usd ? "USD" : "EUR")}
            stateText={currency}
          />
          <NewsletterSwitch initial={newsletter} />
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
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
