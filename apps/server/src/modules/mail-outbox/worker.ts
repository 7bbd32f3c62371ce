import type { MailOutboxDeps } from './deps';

const MAX_DELAY_MS = 60 * 60 * 1000;
/** A claim outlives any single send; a crashed worker's claim lapses and another takes over. */
const CLAIM_MS = 2 * 60 * 1000;
const BATCH = 20;

export function retryDelay(attempt: number, baseMs: number, random = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  // ±20% jitter so many instances retrying after one outage do not all hit the server at once.
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/**
 * Delivers the mail outbox: due mail is claimed row by row (safe with several instances),
 * sent, and marked sent, or rescheduled with backoff. A pending mail is never given up:
 * nothing a person sends to support is lost, whatever the mail server does.
 */
export class MailOutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: MailOutboxDeps) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.deps.pollIntervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Look for due mail now (after an enqueue); runs coalesce, never overlap. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error) => this.deps.log.error({ err: error }, 'mail outbox run failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once the current run (if any) is over; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const now = this.deps.clock.now();
      const due = await this.deps.mailOutbox.due(now.toISOString(), BATCH);
      if (due.length === 0 || this.stopped) return;
      for (const mail of due) await this.deliver(mail.id);
      if (due.length < BATCH) return;
    }
  }

  private async deliver(id: string): Promise<void> {
    const now = this.deps.clock.now();
    const attempt = await this.deps.mailOutbox.claim(
      id,
      now.toISOString(),
      new Date(now.getTime() + CLAIM_MS).toISOString(),
    );
    if (attempt === undefined) return;
    const mail = await this.deps.mailOutbox.find(id);
    if (!mail) return;
    try {
      await this.deps.mail.send({
        to: mail.recipient,
        from: this.deps.from,
        replyTo: mail.reply_to,
        subject: mail.subject,
        text: mail.body,
        messageId: `<${mail.id}@${this.deps.messageIdDomain}>`,
      });
      await this.deps.mailOutbox.markSent(id, this.deps.clock.now().toISOString());
    } catch (error) {
      const delay = retryDelay(attempt, this.deps.retryBaseMs);
      const next = new Date(this.deps.clock.now().getTime() + delay);
      await this.deps.mailOutbox.reschedule(
        id,
        next.toISOString(),
        (error as Error).message ?? String(error),
      );
      this.deps.log.warn(
        { mailId: id, attempt, retryAt: next.toISOString(), err: error },
        'mail delivery failed, will retry',
      );
    }
  }
}
