import { zoneOrUtc } from '../../lib/zoned-time';
import { planStanding } from './plan-standing';
import { quietEnd } from './quiet-hours';
import { type GreetingJob, greetingJob, type ProactiveDeps } from './send-proactive';
import { defaultSettingsRow } from './settings';
import type { ScheduledPerson } from './settings/repo';

/**
 * What one instance keeps between its passes (decision 503): where its walk over every linked
 * person stands (null: done), when that walk began, and the moment of its last pass.
 */
export interface GreetingWatch {
  walkAfter: string | null;
  walkStarted: number | null;
  lastPass: number | null;
}

export const newGreetingWatch = (): GreetingWatch => ({ walkAfter: '', walkStarted: null, lastPass: null });

/** Read per pass of the walk, and per statement of the check. */
const BATCH = 500;
/** Changes are read from this long before the last pass: a transaction that committed late is seen. */
const CHANGE_MARGIN_MS = 2 * 60_000;
/** People changed since the last pass read per source; more than this in a minute waits for the walk. */
const CHANGED_LIMIT = 5_000;
/** The walk over everyone runs at boot and again once a day: whatever a pass missed is found. */
const WALK_EVERY_MS = 24 * 60 * 60_000;

/**
 * A newly linked number is greeted once, once the person has a plan (a greeting they cannot
 * answer would only meet the no-plan notice) and is not paused; quiet hours delay it. Someone
 * who already talks with the assistant (linked before greetings existed) is not greeted.
 *
 * Which people to check (decision 503): those whose number, plan or settings changed since this
 * instance's last pass (`updated_at` of users, billing_accounts and assistant_settings, by their
 * indexes), and a page of a walk over every linked person that runs at boot and once a day, so
 * a row seeded directly or a change a crashed pass missed is still found. A linked person with
 * no settings row gets one here. Instances each check; `markGreeted` (compare-and-set) and the
 * job's key make the greeting once.
 */
export async function scheduleGreetings(deps: ProactiveDeps, now: Date, watch: GreetingWatch): Promise<void> {
  const nowMs = now.getTime();
  const ids = new Set<string>();
  if (watch.walkAfter === null && watch.walkStarted !== null && nowMs - watch.walkStarted >= WALK_EVERY_MS)
    watch.walkAfter = '';
  if (watch.walkAfter !== null) {
    if (watch.walkAfter === '') watch.walkStarted = nowMs;
    const page = await deps.usersRepo.linkedAfter(watch.walkAfter, BATCH);
    for (const id of page) ids.add(id);
    watch.walkAfter = page.length < BATCH ? null : page.at(-1)!;
  }
  // From before the last pass (or this one, when the clock went back), less the margin.
  const since = new Date(Math.min(watch.lastPass ?? nowMs, nowMs) - CHANGE_MARGIN_MS).toISOString();
  for (const id of await deps.usersRepo.linkedUpdatedSince(since, CHANGED_LIMIT)) ids.add(id);
  for (const id of await deps.billingRepo.accountsUpdatedSince(since, CHANGED_LIMIT)) ids.add(id);
  for (const id of await deps.assistantSettingsRepo.updatedSince(since, CHANGED_LIMIT)) ids.add(id);
  const all = [...ids];
  for (let i = 0; i < all.length; i += BATCH) {
    for (const person of await deps.assistantSettingsRepo.ungreetedAmong(all.slice(i, i + BATCH))) {
      const settings =
        person.settings ??
        (await deps.assistantSettingsRepo.ensure(defaultSettingsRow(person.userId, now.toISOString())));
      await greet(deps, now, { ...person, settings });
    }
  }
  // Only once everything read was handled: a pass that failed is read again from the same point.
  watch.lastPass = nowMs;
}

async function greet(deps: ProactiveDeps, now: Date, person: ScheduledPerson): Promise<void> {
  const { settings } = person;
  if (settings.paused === 1) return;
  const user = await deps.usersRepo.findById(person.userId);
  if (!user || (await planStanding(deps, user, now)).kind !== 'active') return;
  const first = settings.greeted_phone === null;
  if (!(first && (await deps.assistantRepo.hasConversation(person.userId)))) {
    const phoneHash = deps.phoneHash(person.phone);
    const payload: GreetingJob = { settingsId: settings.id, phoneHash };
    await deps.jobs.enqueue(deps.db, greetingJob, {
      key: `greeting:${settings.id}:${phoneHash}`,
      payload,
      // The zone as it is now (read with the plan), not as the candidates were read.
      runAt: quietEnd(settings, now, zoneOrUtc(user.time_zone ?? 'UTC')),
    });
  }
  if (await deps.assistantSettingsRepo.markGreeted(person.userId, person.phone, settings.greeted_phone)) {
    // A number linked (again): a row parked while it had none gets its briefing and its
    // reminders worked out again.
    await deps.assistantSettingsRepo.rescheduleBriefing(person.userId);
    await deps.assistantSettingsRepo.lookForRemindersNow(person.userId);
  }
}
