// The browser's side of keepsInput (./unavailable.server.ts): an action answered that a dependency
// did not answer. The form keeps its input; the message shows as an error toast (and where a form
// has a place for a message of its own, there too).
import { useActionData } from "@remix-run/react";
import { useEffect } from "react";
import { showToast } from "./toast";

export interface UnavailableAnswer {
  unavailable: string;
}

export const isUnavailable = (answer: unknown): answer is UnavailableAnswer =>
  typeof answer === "object" &&
  answer !== null &&
  typeof (answer as { unavailable?: unknown }).unavailable === "string";

/** Shows each new "unavailable" answer once, as an error toast. */
function useUnavailableToast(answer: unknown) {
  useEffect(() => {
    if (isUnavailable(answer)) {
      showToast({ type: "error", title: "Not saved", description: answer.unavailable });
    }
  }, [answer]);
}

/**
 * The route's action answer, as useActionData gives it, without the "unavailable" one: that one
 * is shown as a toast, and the form goes on showing what the visitor typed.
 */
export function useActionAnswer<Action>() {
  const answer = useActionData<Action>();
  useUnavailableToast(answer);
  return (isUnavailable(answer) ? undefined : answer) as
    | Exclude<ReturnType<typeof useActionData<Action>>, UnavailableAnswer>
    | undefined;
}
