import { readFileSync } from 'node:fs';
import { PROMPT_FACTS } from '@app/contract/assistant/tools';
import { describe, expect, it } from 'vitest';
import { amendStep } from '../src/providers/llm/stand-in-amend';
import type { ReadPrompt } from '../src/providers/llm/stand-in-prompt';
import { readFacts } from '../src/providers/llm/stand-in-prompt';
import { parseAmendment } from '../src/providers/sms/amendments';

/**
 * The stand-in after "YES but …" (decision 451), checked from docs/assistant-stand-in.md's
 * table: each example is read by code as an amendment, and the stand-in asks again, changed as
 * the row says, or says plainly what it cannot change.
 */
const cancelled = {
  tool: 'calendar_create_event',
  action: {
    kind: 'create_event',
    event: {
      title: 'Lunch with Sam',
      start: '2026-11-26T12:00',
      end: '2026-11-26T13:00',
      allDay: false,
      timeZone: 'Australia/Sydney',
      attendees: ['sam@example.com'],
      sendUpdates: true,
    },
  },
};
const TOOLS = new Set(['calendar_create_event', 'calendar_update_event']);

function readFor(language: 'en' | 'zh', latest: string, amending: object | null = cancelled): ReadPrompt {
  const system = [
    `${PROMPT_FACTS.now}2026-11-25T10:40 (Wednesday)`,
    `${PROMPT_FACTS.zone}Australia/Sydney`,
    `${PROMPT_FACTS.language}${language}`,
    ...(amending ? [`${PROMPT_FACTS.amending}${JSON.stringify(amending)}`] : []),
  ].join('\n');
  return { facts: readFacts(system), latest, record: [], outcomes: [] };
}

const doc = readFileSync(new URL('../../../docs/assistant-stand-in.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## After "YES but …"'));
const rows = section
  .split('\n')
  .filter((line) => /^\| (time|day|other) \|/.test(line))
  .map((line) => line.split(' | '));

describe('docs/assistant-stand-in.md, after "YES but …"', () => {
  it('documents each kind of change', () => {
    expect(rows.map((cells) => cells[0]!.replace('| ', ''))).toEqual(['time', 'day', 'other']);
  });

  it.each(rows.map((cells) => [cells[0]!.replace('| ', ''), cells] as const))(
    'asks again as documented: %s',
    (kind, cells) => {
      for (const [cell, language] of [
        [cells[1]!, 'en'],
        [cells[2]!, 'zh'],
      ] as const) {
        const examples = [...cell.matchAll(/`([^`]+)`(?: -> ([0-9T:-]+))?/g)];
        expect(examples.length).toBeGreaterThanOrEqual(1);
        for (const [, text, expected] of examples) {
          expect(parseAmendment(text!), text).not.toBeNull();
          const step = amendStep(readFor(language, text!), TOOLS);
          if (kind === 'other') {
            expect(step?.type, text).toBe('text');
            continue;
          }
          expect(step?.type, text).toBe('call');
          if (step?.type !== 'call') continue;
          expect(step.toolName).toBe('calendar_create_event');
          const start = expected!.includes('T') ? expected! : `2026-11-26T${expected}`;
          expect([text, step.input.start]).toEqual([text, start]);
          // The same event otherwise: its title, attendees and length.
          expect(step.input.title).toBe('Lunch with Sam');
          expect(step.input.attendees).toEqual(['sam@example.com']);
          expect(Date.parse(`${step.input.end}:00Z`) - Date.parse(`${step.input.start}:00Z`)).toBe(3_600_000);
        }
      }
    },
  );

  it('moves a cancelled change of an event with calendar_update_event', () => {
    const step = amendStep(
      readFor('en', 'yes but make it 4pm', {
        tool: 'calendar_update_event',
        action: {
          kind: 'update_event',
          connectionId: 'c1',
          eventId: 'e1',
          patch: {
            start: '2026-11-27T15:00',
            end: '2026-11-27T15:30',
            timeZone: 'Australia/Sydney',
            sendUpdates: true,
          },
        },
      }),
      TOOLS,
    );
    expect(step).toMatchObject({
      type: 'call',
      toolName: 'calendar_update_event',
      input: { connectionId: 'c1', eventId: 'e1', start: '2026-11-27T16:00', end: '2026-11-27T16:30' },
    });
  });

  it('says it cannot change a mail, and does nothing without a cancelled request', () => {
    const mail = amendStep(
      readFor('zh', '是，但改到下午1点', { tool: 'mail_send', action: { kind: 'send_mail', mail: {} } }),
      TOOLS,
    );
    expect(mail).toEqual({ type: 'text', text: expect.stringContaining('已取消原来的请求') });
    expect(amendStep(readFor('en', 'YES but make it 1pm', null), TOOLS)).toBeNull();
  });
});
