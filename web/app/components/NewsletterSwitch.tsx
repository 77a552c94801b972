// The profile's newsletter switch (docs/product.md §4 "Newsletter"): shows the state stored for the user's
// e-mail and sends each toggle at once (POST /newsletter, intent "preference": the e-mail comes
// from the session). "Subscription updated" for 2 s; on failure the switch goes back.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { dismissToast, showToast } from "../lib/toast";
import type { NewsletterAnswer } from "../routes/newsletter";
import { firstError } from "./Field";
import { UserSwitch } from "./UserSwitch";

const UPDATED_TOAST_MS = 2000;

export function NewsletterSwitch({ initial }: { initial: boolean }) {
  const fetcher = useFetcher<NewsletterAnswer>();
  const [checked, setChecked] = useState(initial);
  const [lastInitial, setLastInitial] = useState(initial);
  if (lastInitial !== initial) {
    // The page's data was reloaded: show what is stored.
    setLastInitial(initial);
    setChecked(initial);
  }
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      setChecked(answer.isSubscribed);
      const id = showToast({ type: "success", title: answer.message });
      const timer = setTimeout(() => dismissToast(id), UPDATED_TOAST_MS);
      return () => clearTimeout(timer);
    }
    setChecked((value) => !value);
    showToast({
      type: "error",
      title: "Error",
      description: firstError(answer.result) ?? "An error has occurred",
    });
  }, [answer]);

  return (
    <UserSwitch
      label="Newsletter"
      checked={checked}
      disabled={fetcher.state !== "idle"}
      stateText={checked ? "Subscribed" : "Not subscribed"}
      onChange={(value) => {
        setChecked(value);
        fetcher.submit(
          { intent: "preference", isSubscribed: String(value), js: "1" },
          { method: "post", action: "/newsletter" },
        );
      }}
    />
  );
}
