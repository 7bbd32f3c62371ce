import type { AssistantMessageRow } from './repo';

/** The texts in and out the model sees besides the rolling summary. */
export const HISTORY_MESSAGES = 20;
/** How many texts before the recent window the summary looks back over, and how long it may be. */
export const SUMMARY_MESSAGES = 30;
const SUMMARY_CHARS = 800;
const PER_MESSAGE_CHARS = 80;

/**
 * The rolling summary of what came before the recent window, made by code from the stored texts:
 * what the person asked, oldest first, each cut short. No extra model call per turn, nothing the
 * model invented, and the same every time it is rebuilt.
 */
export function rollingSummary(older: AssistantMessageRow[]): string | null {
  const asked = older
    .filter((row) => row.direction === 'in')
    .map((row) => {
      const text = row.body.replace(/\s+/g, ' ').trim();
      return `${row.created_at.slice(0, 10)}: "${text.length > PER_MESSAGE_CHARS ? `${text.slice(0, PER_MESSAGE_CHARS)}…` : text}"`;
    });
  if (asked.length === 0) return null;
  let summary = `The person earlier asked: ${asked.join('; ')}`;
  // Keep the newest requests when it is too long.
  while (summary.length > SUMMARY_CHARS && asked.length > 1) {
    asked.shift();
    summary = `The person earlier asked: …; ${asked.join('; ')}`;
  }
  return summary.slice(0, SUMMARY_CHARS);
}
