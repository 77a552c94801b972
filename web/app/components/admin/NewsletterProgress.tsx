import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

export interface SendProgress {
  id: string;
  subject: string;
  requestedAt: string;
  status: "requested" | "queuing" | "queued";
  total: number;
  queued: number;
  sent: number;
}

/** Has every e-mail of the send gone out (or was there nobody to send to)? */
export const isSendDone = (send: SendProgress) =>
  send.status === "queued" && send.sent >= send.total;

/**
 * How far a send has got (docs/architecture.md §8: "how many of how many were queued and sent"). While it is
 * under way the page reloads its data every two seconds, until everything is sent.
 */
export function NewsletterProgress({ send }: { send: SendProgress }) {
  const revalidator = useRevalidator();
  const done = isSendDone(send);
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [done, revalidator]);

  const total = send.status === "queued" ? String(send.total) : `${send.total}…`;
  const percent = send.total > 0 ? Math.round((send.sent / send.total) * 100) : done ? 100 : 0;
  return (
    <section
      aria-labelledby="newsletter-progress-title"
      className="rounded-xl border border-stone-200 p-4 sm:p-5"
    >
      <h3 id="newsletter-progress-title" className="font-semibold">
        Sending “<span className="break-words">{send.subject}</span>”
      </h3>
      <p data-testid="newsletter-progress-status" aria-live="polite" className="mt-2 text-sm">
        {done
          ? send.total === 0
            ? "Done: there were no subscribers to send to."
            : `Done: all ${send.total} sent.`
          : send.status === "requested"
            ? "Waiting to start…"
            : "Sending…"}
      </p>
      <div
        role="progressbar"
        aria-label="Newsletter e-mails sent"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-accent-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-stone-500">Queued</dt>
          <dd data-testid="newsletter-queued" className="font-medium tabular-nums">
            {send.queued} of {total}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Sent</dt>
          <dd data-testid="newsletter-sent" className="font-medium tabular-nums">
            {send.sent} of {total}
          </dd>
        </div>
      </dl>
    </section>
  );
}
