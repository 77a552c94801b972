// The mailers' pace: each mailer process sends at no more than its share of the stage's SES rate
// (MAIL_RATE_PER_SECOND). The stage's rate is split between the transactional mail's and the
// newsletter's mailers, then between each one's concurrent instances (functions/src/registry.ts
// mailRateOf), so together they stay under SES's quota; a mail SES still refuses for the rate is
// sent back to its queue with a delay (functions/src/lambda/queues.ts;
// docs/decisions/038-newsletter-fan-out.md). The clock is given, so tests pace without waiting.
import type { MailKind } from "./reputation.ts";

export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PaceClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Slots `1000 / perSecond` ms apart: each `take` waits for the next free one. */
export class MailPace {
  private nextAt = Number.NEGATIVE_INFINITY;
  constructor(
    readonly perSecond: number,
    private readonly clock: PaceClock = realClock,
  ) {
    if (!(perSecond > 0)) throw new Error(`a mail rate must be above 0, not ${perSecond}`);
  }

  async take(): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / this.perSecond;
    if (at > now) await this.clock.sleep(at - now);
  }
}

const configured = new Map<MailKind, MailPace>();

/**
 * The process's pace for a kind of mail, which its mailer sets at start (its share of the
 * stage's rate); none set (a script, a test, the local cloud without MAIL_RATE_PER_SECOND): unpaced.
 */
export function mailPace(kind: MailKind): MailPace | undefined {
  return configured.get(kind);
}

/** Sets the process's pace for a kind (the mailer's share; a test's with its own clock); undefined unsets it. */
export function setMailPace(kind: MailKind, pace: MailPace | undefined): void {
  if (pace) configured.set(kind, pace);
  else configured.delete(kind);
}
