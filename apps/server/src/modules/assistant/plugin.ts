import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KEEP_DONE_DAILY_MS } from '../../lib/jobs/plugin';
import { exponentialBackoff } from '../../lib/jobs/worker';
import { runPeriodically } from '../../lib/periodic-job';
import { assistantDeps } from './deps';
import { followCalendarChanges, lookAfterResync } from './event-reminders';
import { followUpJob, sendFollowUp, wakeFollowUps } from './follow-ups/check';
import { followUpScreenRoutes } from './follow-ups/screen-routes';
import { newGreetingWatch } from './greetings';
import { apologise, handleInbound } from './handle-inbound';
import { helpTextsFor } from './help/help-texts';
import { inboundJob, inboundReceiver } from './receive-message';
import { fireReminder } from './reminders/fire';
import { personalReminderJob } from './reminders/job';
import { devSmsRoutes, twilioWebhookRoutes } from './routes';
import { scheduleMessages } from './schedule-messages';
import { schedulingChaseJob } from './scheduling/ask-others';
import { chaseSchedulingRequest } from './scheduling/chase';
import { releaseHolds, schedulingHoldsJob } from './scheduling/holds';
import {
  bookSchedulingRequest,
  readSchedulingReply,
  schedulingBookJob,
  schedulingReplyJob,
  takeSchedulingReplies,
} from './scheduling/read-replies';
import { schedulingScreenRoutes } from './scheduling/screen-routes';
import { assistantScreenRoutes } from './screen-routes';
import {
  briefingJob,
  greetingJob,
  reminderJob,
  sendBriefing,
  sendGreeting,
  sendReminder,
} from './send-proactive';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The assistant (issue 21, design §9): Twilio's webhooks and the dev phone store texts and queue
 * a job; the job runs the gate, the approval or the agent, and queues the replies in the SMS
 * outbox (modules/sms-outbox), which sends them. Conversations are kept ASSISTANT_RETENTION_DAYS.
 */
export const assistantPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = {
      ...assistantDeps(app),
      jobs: app.jobs,
      log: app.log,
      db: app.db,
      leaseMarginMs: app.config.assistantLeaseMarginMs,
      helpDaysRepo: app.helpDaysRepo,
      calendarsFollowed: (userId: string) => app.changeFeed.calendarsFollowed(userId),
      calendarsFollowedOf: (userIds: string[]) => app.changeFeed.calendarsFollowedOf(userIds),
      reminderLooks: app.config.reminderLooks,
      reminderLooksAtOnce: app.config.reminderLooks.atOnce,
    };
    // Work that follows the workspace's changes (issue 31): reminders move with their events,
    // follow-ups look at their threads when mail arrives.
    app.changeFeed.onChanges((records) => followCalendarChanges(deps, records));
    app.changeFeed.onChanges((records) => wakeFollowUps(deps, records));
    // Opt-in help texts from what the change feed reports (issue 31, part 4).
    app.changeFeed.onChanges((records) => helpTextsFor(deps, records));
    // A calendar resynced (its single changes may have been missed) or newly connected: the
    // person's calendars are looked at by the next pass, not at their next look (decision 501).
    app.changeFeed.onChanges((records) => lookAfterResync(deps, records));
    app.connectionLifecycle.onConnected((connection) =>
      deps.assistantSettingsRepo.lookForRemindersNow(connection.user_id),
    );
    // Replies to scheduling mail (issue 32): read once each, booked only inside what was approved.
    app.changeFeed.onChanges((records) => takeSchedulingReplies(deps, records));
    app.jobs.worker.register(inboundJob, (job) => handleInbound(deps, job.payload.messageId), {
      // A failing model or provider backs off; after the last try the person gets one apology.
      maxAttempts: 6,
      backoff: exponentialBackoff(app.config.assistantRetryBaseMs, 30 * app.config.assistantRetryBaseMs),
      // The same span as the person's run lock (handle-inbound.ts): the deadline and room to queue replies.
      leaseMs: deps.turnDeadlineMs + deps.leaseMarginMs,
      onGiveUp: (job) => apologise(deps, job.payload.messageId),
    });
    const proactive = { maxAttempts: 4 };
    // No one waits on these at this moment: they leave a slot for a person's text (decision 581).
    const sendLater = { backoff: exponentialBackoff(5000, 5 * 60_000), leaseMs: 60_000, background: true };
    app.jobs.worker.register(greetingJob, (job) => sendGreeting(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
    });
    app.jobs.worker.register(briefingJob, (job) => sendBriefing(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
      keepDoneMs: KEEP_DONE_DAILY_MS,
    });
    app.jobs.worker.register(reminderJob, (job) => sendReminder(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
      keepDoneMs: KEEP_DONE_DAILY_MS,
    });
    app.jobs.worker.register(followUpJob, (job) => sendFollowUp(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
    });
    // Scheduling with other people (issue 32): a reply read, a slot booked, a chase asked.
    app.jobs.worker.register(schedulingReplyJob, (job) => readSchedulingReply(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
    });
    app.jobs.worker.register(schedulingBookJob, (job) => bookSchedulingRequest(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
    });
    app.jobs.worker.register(schedulingChaseJob, (job) => chaseSchedulingRequest(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
    });
    // Holds no longer wanted, removed (decision 594): a few more tries, as each is only a delete.
    app.jobs.worker.register(schedulingHoldsJob, (job) => releaseHolds(deps, job.payload), {
      ...sendLater,
      maxAttempts: 8,
    });
    // Reminders and routines the person asked for: one job per occurrence (reminders/fire.ts).
    app.jobs.worker.register(personalReminderJob, (job) => fireReminder(deps, job.payload), {
      ...sendLater,
      maxAttempts: proactive.maxAttempts,
      // A routine's agent turn runs inside it: the turn's deadline and room to queue its replies.
      leaseMs: deps.turnDeadlineMs + deps.leaseMarginMs,
    });
    const everyMs = app.config.assistantScheduleIntervalMs;
    // This instance's walk over everyone and the moment of its last pass (greetings.ts).
    const watch = newGreetingWatch();
    runPeriodically(app, {
      everyMs,
      failure: 'assistant scheduling pass failed',
      // Two passes' worth: a briefing whose time fell between two passes is still scheduled.
      run: async () => {
        const started = performance.now();
        await scheduleMessages(deps, 2 * everyMs, watch);
        // Each pass's time, for the background benchmark (issue 31), which runs at LOG_LEVEL=debug.
        app.log.debug({ ms: Math.round(performance.now() - started), everyMs }, 'scheduling pass');
      },
    });
    // SQLite writes one transaction at a time. On PostgreSQL a few batches at once, no more: the
    // pool (10) is the worker's too, and texts holding all of it left the replies unsent (decision 212).
    const inbound = inboundReceiver(deps, { concurrency: app.config.database.kind === 'postgres' ? 4 : 1 });
    // Texts still being written when the app closes are committed (and answered) before the database closes.
    app.addHook('onClose', async () => inbound.drain());
    await app.register(async (scope) => twilioWebhookRoutes(scope, { ...deps, inbound }));
    await app.register(async (scope) => devSmsRoutes(scope, { ...deps, inbound }));
    await app.register(async (scope) => assistantScreenRoutes(scope, deps));
    await app.register(async (scope) => followUpScreenRoutes(scope, deps));
    await app.register(async (scope) => schedulingScreenRoutes(scope, deps));
    runPeriodically(app, {
      everyMs: 60 * 60_000,
      failure: 'assistant retention pass failed',
      run: async () => {
        const now = app.clock.now();
        await deps.assistantRepo.expireApprovals(now.toISOString());
        const before = new Date(now.getTime() - app.config.assistantRetentionDays * DAY_MS).toISOString();
        await deps.assistantRepo.purgeBefore(before);
      },
    });
  },
  {
    name: 'assistant',
    dependencies: [
      'jobs',
      'change-feed',
      'assistant-repo',
      'assistant-settings-repo',
      'help-days-repo',
      'assistant-reminders-repo',
      'scheduling-repo',
      'llm',
      'workspace-adapters',
      'connections',
      'sms-outbox',
    ],
  },
);
