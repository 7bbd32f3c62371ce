import { describe, expect, it } from 'vitest';
import { simulatedDay } from '../../../bench/lib/simulated-day';
import { usingPostgres } from './helpers/build';

/**
 * The simulated day of the benchmark (bench/simulated-day.ts, issue 31): the app's own passes
 * and queue on a clock the bench moves. Four people (one per zone) through 24 hours each get
 * their briefing once and their three reminders once, in their minute, and the finished jobs are
 * gone after the retention, so the bench's figures come from a harness that sees what a phone does.
 */
// The day runs on its own SQLite file whatever the pass: the PostgreSQL pass would repeat it.
describe.skipIf(usingPostgres)('a simulated day', () => {
  it('sends each briefing and reminder once, on time, and the jobs table empties after the retention', async () => {
    const day = await simulatedDay({ people: 4 });
    expect(day.briefings).toEqual({ exactlyOnce: 4, none: 0, more: 0, onTime: 4 });
    expect(day.reminders).toEqual({ expected: 12, sent: 12, onTime: 12, late: 0, duplicates: 0, missing: 0 });
    expect(day.standIn).toEqual({ received: 16, outboxSent: 16 });
    expect(day.jobs.atStart).toBe(0);
    expect(day.jobs.afterDay).toBeGreaterThanOrEqual(16);
    // A day on, the done briefings and reminders are gone (decision 580); the sends stay the week.
    expect(day.jobs.afterDailyRetentionByKindStatus).toEqual({ 'assistant.send.proactive:done': 16 });
    expect(day.jobs.afterRetention).toBe(0);
  }, 180_000);
});
