import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * The format of `evals/*.yaml` (docs/evals.md): a person, what their workspace holds beyond the
 * sample, their texts in order and what must and must not happen after each. Checked with zod
 * when loaded, so a typo in a scenario fails loudly instead of silently checking nothing.
 */

const DAY =
  /^(?:today|tomorrow|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:@\d{2}:\d{2})?|[+-]\d{1,2})$/;
const ZDay = z
  .string()
  .regex(DAY, 'today, tomorrow, a weekday (friday@15:00: the next whose 15:00 is ahead), or +N / -N days');
const ZClock = z.string().regex(/^\d{2}:\d{2}$/, 'HH:mm');
const ZAddress = z.string().min(3).max(254);

const ZSeedEvent = z.strictObject({
  title: z.string().min(1),
  on: ZDay,
  /** Absent: an all-day event. */
  at: ZClock.optional(),
  minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  location: z.string().optional(),
  description: z.string().optional(),
  attendees: z.array(ZAddress).default([]),
});

const ZSeedMail = z.strictObject({
  from: z.strictObject({ email: ZAddress, name: z.string().optional() }),
  subject: z.string(),
  text: z.string(),
  unread: z.boolean().default(true),
  /** How long ago it arrived; the default makes it the newest mail in the inbox. */
  minutesAgo: z.number().int().min(0).default(10),
});

const ZToolExpectation = z.union([
  z.string().min(1),
  z.strictObject({
    name: z.string().min(1),
    /** Each field: a string the value starts with, an item an array holds, or an equal value. */
    input: z.record(z.string(), z.unknown()).optional(),
  }),
]);

const ZEventExpectation = z.strictObject({
  /** Matches an event whose title contains this, ignoring case. */
  title: z.string().min(1),
  on: ZDay,
  at: ZClock.optional(),
  exists: z.boolean().default(true),
});

const ZHelpTexts = z.strictObject({ replies: z.boolean(), important: z.boolean(), overlaps: z.boolean() });

const ZExpect = z.strictObject({
  /** Tools the turn must call (others may be called too). */
  tools: z.array(ZToolExpectation).optional(),
  /** Tools the turn must not call; `true`: none at all. */
  noTools: z.union([z.literal(true), z.array(z.string().min(1))]).optional(),
  /** Whether the turn asked the person for a YES. */
  approval: z.boolean().optional(),
  /** If the turn asked for a YES naming one of these addresses, the preview flags it as unknown. */
  approvalFlags: z.array(ZAddress).optional(),
  /** No reply at all (an opted-out number). Otherwise exactly one reply is always required. */
  silent: z.boolean().optional(),
  /**
   * Texts the assistant starts itself right after its answer: waited for, and allowed beside the
   * one reply. (A YES to a suggested time is answered by its "Booked:" alone, decision 594.)
   */
  moreTexts: z.number().int().min(1).max(2).optional(),
  reply: z
    .strictObject({
      contains: z.array(z.string()).optional(),
      containsAny: z.array(z.string()).optional(),
      notContains: z.array(z.string()).optional(),
    })
    .optional(),
  /** Something reached these addresses (mail or invitation) during this text. */
  sentTo: z.array(ZAddress).optional(),
  /** Nothing has ever reached these addresses, up to and including this text. */
  notSentTo: z.array(ZAddress).optional(),
  /** The workspace (events, sent mail, outgoing mail and invitations) did not change. */
  unchanged: z.boolean().optional(),
  /** No reply carries a link a phone would open to these hosts or a name under them. */
  noLinkTo: z.array(z.string().min(3).max(253)).optional(),
  events: z.array(ZEventExpectation).optional(),
  /**
   * How many tentative holds (decision 594) the person's calendar has afterwards: checked with
   * the stand-in only, once the release jobs had time to run.
   */
  held: z.number().int().min(0).optional(),
  /**
   * What the assistant remembers about the person after this text (issue 30): memories holding
   * each of `contains`, none holding any of `notContains` (checked with every model: nothing read
   * may become a memory), and how many there are.
   */
  memories: z
    .strictObject({
      contains: z.array(z.string()).optional(),
      notContains: z.array(z.string()).optional(),
      count: z.number().int().min(0).optional(),
    })
    .optional(),
  /**
   * The person's active reminders and routines after the message (issue 30). Zero is about
   * safety (nothing read may set one) and is checked with any model; another count only with
   * the stand-in.
   */
  reminders: z.number().int().min(0).optional(),
  /**
   * The help texts' switches after the text (issue 31): only the person, on the Assistant
   * screen, turns them on, so whatever the model read they are as the scenario set them.
   * Checked with every model.
   */
  helpTexts: ZHelpTexts.optional(),
});

const ZMessage = z.strictObject({
  say: z.string().min(1).max(1600),
  expect: ZExpect.default({}),
});

/**
 * The world moving instead of the person texting (issue 30): a contact's mail arrives in the
 * person's sample mailbox (through the dev route), then time passes and the follow-ups are
 * checked. What the assistant texts unasked is then expected: one text, or none (`silent`).
 */
const ZHappen = z.strictObject({
  happen: z.strictObject({
    /** This contact replies in the thread of the last mail the person had with them. */
    reply: z.string().min(1).max(100).optional(),
    /** A new mail from this contact, in a thread of its own (issue 31's help texts). */
    mail: z
      .strictObject({
        from: z.string().min(1).max(100),
        subject: z.string().min(1).max(200).optional(),
        text: z.string().min(1).max(2000).optional(),
      })
      .optional(),
    /** This contact invites the person to an event of theirs, told to the change feed (issue 31). */
    invite: z
      .strictObject({
        from: z.string().min(1).max(100),
        title: z.string().min(1).max(200).optional(),
        on: ZDay,
        at: ZClock,
        minutes: z
          .number()
          .int()
          .min(5)
          .max(24 * 60)
          .default(30),
      })
      .optional(),
    /**
     * The first attendee of the person's latest scheduling request answers in its thread (issue
     * 32), as /v1/dev/sample/scheduling-reply makes them: picks slot N, or proposes another time.
     */
    scheduling: z
      .discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('pick'), slot: z.number().int().min(1).max(10) }),
        // `text`: her words (days templated as `{{weekday+2}}`), else the dev control's own.
        z.strictObject({ kind: z.literal('other_time'), text: z.string().min(1).max(300).optional() }),
      ])
      .optional(),
    /**
     * The chase of the person's latest scheduling request waiting on answers comes due now (as
     * two working days passing would, decision 554; the shared clock is not moved).
     */
    chaseDue: z.literal(true).optional(),
    /** Minutes that pass, on the app's clock, before the follow-ups are checked. */
    minutes: z.number().int().min(0).max(20_000).default(0),
  }),
  expect: z
    .strictObject({
      silent: z.boolean().optional(),
      /**
       * How many tentative holds (decision 594) the person's calendar has afterwards: checked with
       * the stand-in only, once the release jobs had time to run.
       */
      held: z.number().int().min(0).optional(),
      /** An event whose title contains this exists (or not) afterwards, with this attendee invited. */
      booked: z
        .strictObject({
          title: z.string().min(1),
          attendee: z.string().min(1).optional(),
          exists: z.boolean().default(true),
        })
        .optional(),
      text: z
        .strictObject({
          contains: z.array(z.string()).optional(),
          notContains: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .default({}),
});

export const ZScenario = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case words joined by hyphens'),
  description: z.string().optional(),
  language: z.enum(['en', 'zh']),
  timeZone: z.string().min(1),
  seed: z
    .strictObject({
      mails: z.array(ZSeedMail).default([]),
      events: z.array(ZSeedEvent).default([]),
    })
    .default({ mails: [], events: [] }),
  /**
   * Addresses that injected content tries to reach. Nothing may ever be sent to them; an
   * approval naming one must flag it. Counted as an injection attempt.
   */
  attackers: z.array(ZAddress).default([]),
  /**
   * The person's plan: the trial (default), none (never started), or the trial with its whole
   * allowance already used (issue 29: one notice a day, no model call).
   */
  plan: z.enum(['trial', 'none', 'used_up']).default('trial'),
  /** The assistant's settings, changed as the Assistant screen changes them before the first text. */
  settings: z
    .strictObject({
      paused: z.boolean().optional(),
      /** null: no quiet hours, so a text the world causes is sent at once whatever the hour. */
      quietHours: z.null().optional(),
      /** The help texts' switches (issue 31), all off unless set. */
      helpTexts: ZHelpTexts.optional(),
    })
    .optional(),
  messages: z.array(z.union([ZMessage, ZHappen])).min(1),
});

export type Scenario = z.infer<typeof ZScenario>;
export type Expect = z.infer<typeof ZExpect>;
export type Happen = z.infer<typeof ZHappen>;
export type ToolExpectation = z.infer<typeof ZToolExpectation>;
export type SeedMail = z.infer<typeof ZSeedMail>;
export type SeedEvent = z.infer<typeof ZSeedEvent>;

/** Reads and checks every `*.yaml` of a folder, in name order. */
export function loadScenarios(dir: string): Scenario[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort();
  const seen = new Set<string>();
  return files.map((file) => {
    const parsed = ZScenario.safeParse(parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    const stem = basename(file).replace(/\.ya?ml$/, '');
    if (parsed.data.name !== stem) throw new Error(`${file}: name must be "${stem}", as the file`);
    if (seen.has(stem)) throw new Error(`${file}: a second scenario named ${stem}`);
    seen.add(stem);
    return parsed.data;
  });
}
