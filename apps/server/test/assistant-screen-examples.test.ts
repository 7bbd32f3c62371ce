import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectIntent } from '../src/providers/llm/stand-in-intent';
import { SAMPLE_WORDS_EN } from '../src/providers/sample-workspace/sample-words-en';
import { SAMPLE_WORDS_ZH } from '../src/providers/sample-workspace/sample-words-zh';

/**
 * Issue 29 #15: the Assistant screen suggested "明天12点和李明吃午饭" to a person whose sample
 * workspace is in English (its language is the account's when Google was connected, the
 * screen's is the browser's), where nobody is called 李明. The examples name nobody, so they
 * fit any workspace, and the stand-in understands each of them as what it is meant to show.
 */
const examples = (language: 'en' | 'zh'): string[] =>
  JSON.parse(
    readFileSync(new URL(`../../web/src/locales/${language}/assistant.json`, import.meta.url), 'utf8'),
  ).start.examples;

const NAMES = [SAMPLE_WORDS_EN, SAMPLE_WORDS_ZH].flatMap((words) =>
  Object.values(words.contacts).flatMap((contact) => [contact.name, ...contact.name.split(/\s+/)]),
);

describe("the Assistant screen's examples", () => {
  it.each(['en', 'zh'] as const)('%s: name nobody from either sample workspace', (language) => {
    for (const example of examples(language))
      expect([example, NAMES.filter((name) => name.length > 1 && example.includes(name))]).toEqual([
        example,
        [],
      ]);
  });

  // Each example is understood as what it shows: the day's events, a booking, unread mail, and
  // whether a day is free, which the stand-in answers as its own request (`free`: busy and free
  // times that day), not as a list of events. Asked on Wednesday 25 November 2026.
  it.each(['en', 'zh'] as const)(
    '%s: the day, a booking, unread mail and a free day, as the stand-in reads them',
    (language) => {
      const read = examples(language).map((example) => {
        const intent = detectIntent(example, { date: '2026-11-25', time: '10:40' });
        if (intent.kind === 'events' || intent.kind === 'free') return [intent.kind, intent.window.first];
        if (intent.kind === 'book') return [intent.kind, intent.start];
        return [intent.kind];
      });
      expect(read).toEqual([
        ['events', '2026-11-26'],
        ['book', '2026-11-26T12:00'],
        ['mail-unread'],
        ['free', '2026-11-27'],
      ]);
    },
  );
});
