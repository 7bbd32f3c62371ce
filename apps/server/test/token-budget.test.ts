import { describe, expect, it } from 'vitest';
import { formatReport } from '../../../evals/lib/report';
import { runEvals } from '../../../evals/lib/runner';
import { usingPostgres } from './helpers/build';

/**
 * A text costs few tokens (issue 30, decision 371): what the model is sent and answers for a
 * whole text, every step of its turn, counted as a real provider would be sent it (o200k_base:
 * system prompt, messages, tool results, the offered tools' schemas and descriptions; output the
 * text and tool calls), on the stand-in's runs of the eval scenarios. A typical question stays
 * under 2,500 tokens; a booking, its ask and its YES together, under 4,000.
 */
const QUESTION_TOKENS = 2_500;
const BOOKING_TOKENS = 4_000;
const QUESTIONS = [
  'today-en',
  'tomorrow-zh',
  'this-week-en',
  'this-week-zh',
  'free-afternoon-en',
  'mail-from-en',
];
const BOOKINGS = ['book-yes-en', 'book-yes-zh'];
/** Questions late in a conversation: the tool record and history of the texts before them come along. */
const LATER = ['question-after-others-en', 'mail-reply-en'];

// The evals' world is SQLite whatever the test database (evals/lib/world.ts): the PostgreSQL
// run of the server tests would only repeat it, minutes for nothing.
describe.skipIf(usingPostgres)('token budget', () => {
  it('a question and a booking stay under their budgets', async () => {
    const report = await runEvals({ model: 'stand-in', scenarios: [...QUESTIONS, ...BOOKINGS, ...LATER] });
    const summary = formatReport(report);
    expect(report.passed, summary).toBe(true);
    const costOf = (name: string) =>
      report.scenarios.find((s) => s.name === name)!.messages.map((m) => m.counted.input + m.counted.output);
    for (const name of QUESTIONS) {
      const [cost] = costOf(name);
      // The model was really called: a count of nothing would pass any budget.
      expect(cost, `${name}\n${summary}`).toBeGreaterThan(300);
      expect(cost, `${name}\n${summary}`).toBeLessThan(QUESTION_TOKENS);
    }
    for (const name of LATER)
      for (const cost of costOf(name)) expect(cost, `${name}\n${summary}`).toBeLessThan(QUESTION_TOKENS);
    for (const name of BOOKINGS) {
      const total = costOf(name).reduce((a, b) => a + b, 0);
      expect(total, `${name}\n${summary}`).toBeGreaterThan(300);
      expect(total, `${name}\n${summary}`).toBeLessThan(BOOKING_TOKENS);
    }
  }, 60_000);
});
