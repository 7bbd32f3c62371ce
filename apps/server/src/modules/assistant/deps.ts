import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs/plugin';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { BillingRepo } from '../billing/repo';
import { phoneHasher } from '../sms-outbox/deps';
import type { SmsOutbox } from '../sms-outbox/plugin';
import type { UsageDeps } from '../usage/deps';
import { usageDeps } from '../usage/deps';
import type { UsersRepo } from '../users/repo';
import type { WorkspaceDeps } from '../workspace/deps';
import { workspaceDeps } from '../workspace/deps';
import type { FollowUpsRepo } from './follow-ups/repo';
import type { MemoryRepo } from './memory/repo';
import { occurrenceKey, personalReminderJob } from './reminders/job';
import type { RemindersRepo } from './reminders/repo';
import type { AssistantRepo } from './repo';
import type { SchedulingRepo } from './scheduling/repo';
import type { AssistantSettingsRepo } from './settings/repo';

/** What the assistant's use cases need; each takes the part it uses. */
export interface AssistantDeps {
  assistantRepo: AssistantRepo;
  assistantSettingsRepo: AssistantSettingsRepo;
  memoryRepo: MemoryRepo;
  followUpsRepo: FollowUpsRepo;
  remindersRepo: RemindersRepo;
  schedulingRepo: SchedulingRepo;
  /** Queues the job that fires a reminder's occurrence at its instant (once per reminder and instant). */
  queueOccurrence: (reminderId: string, dueAt: string) => Promise<void>;
  usersRepo: UsersRepo;
  billingRepo: BillingRepo;
  workspace: WorkspaceDeps;
  usage: UsageDeps;
  transaction: RunInTransaction;
  /** Queues jobs in a transaction (a scheduling offer's chase, decision 555). */
  jobs: Pick<Jobs, 'enqueue' | 'repo'>;
  oneTimeStore: OneTimeStore;
  /** Every text goes out through it (queued, or refused after STOP). */
  smsOutbox: SmsOutbox;
  model: { model: LanguageModelV3; name: string; cachedInputRate: number };
  /** Hashes a phone number for the opt-out and notice tables, which outlive an account. */
  phoneHash: (e164: string) => string;
  clock: Clock;
  productName: string;
  supportEmail: string;
  publicUrl: string;
  /** How long one turn (every model step and tool call) may take. */
  turnDeadlineMs: number;
}

/** Built once by the module's plugin. */
export function assistantDeps(app: FastifyInstance): AssistantDeps {
  return {
    assistantRepo: app.assistantRepo,
    assistantSettingsRepo: app.assistantSettingsRepo,
    memoryRepo: app.memoryRepo,
    followUpsRepo: app.followUpsRepo,
    remindersRepo: app.remindersRepo,
    schedulingRepo: app.schedulingRepo,
    queueOccurrence: async (reminderId, dueAt) => {
      await app.jobs.enqueue(app.db, personalReminderJob, {
        key: occurrenceKey(reminderId, dueAt),
        payload: { reminderId, dueAt },
        runAt: new Date(dueAt),
      });
    },
    usersRepo: app.usersRepo,
    billingRepo: app.billingRepo,
    workspace: workspaceDeps(app),
    usage: usageDeps(app),
    transaction: app.transaction,
    jobs: app.jobs,
    oneTimeStore: app.oneTimeStore,
    smsOutbox: app.smsOutbox,
    model: app.llm,
    phoneHash: phoneHasher(app),
    clock: app.clock,
    productName: app.config.productName,
    supportEmail: app.config.supportEmail,
    publicUrl: app.config.publicUrl,
    turnDeadlineMs: app.config.assistantTurnTimeoutMs,
  };
}
