import { estimateTokens } from '../../lib/token-estimate';
import type { AssistantMessageRow } from './repo';

/**
 * The recent texts a tool counts as the person's own words (known-recipients.ts), and how many
 * texts before the shown ones the summary looks back over.
 */
export const HISTORY_MESSAGES = 20;
export const SUMMARY_MESSAGES = 30;
/** The most recent texts in and out read for one turn: the history, then what the summary covers. */
export const RECENT_MESSAGES = 50;
/**
 * The tokens (estimated, lib/token-estimate.ts) the recent texts may take: the history is
 * bounded by what it costs, not by how many texts it holds (issue 30). The texts a turn answers
 * are always shown, whatever they cost.
 */
export const HISTORY_TOKENS = 400;
const SUMMARY_CHARS = 800;
const PER_MESSAGE_CHARS = 80;

/**
 * The newest texts that fit the budget, oldest first (with the ones being answered always last),
 * and the older ones left for the summary.
 */
export function boundHistory(
  recent: AssistantMessageRow[],
  answering: AssistantMessageRow[],
  maxTokens = HISTORY_TOKENS,
): { history: AssistantMessageRow[]; older: AssistantMessageRow[] } {
  const ids = new Set(answering.map((row) => row.id));
  const earlier = recent.filter((row) => !ids.has(row.id));
  let tokens = answering.reduce((sum, row) => sum + estimateTokens(row.body), 0);
  let kept = 0;
  for (let i = earlier.length - 1; i >= 0; i -= 1) {
    const cost = estimateTokens(earlier[i]!.body);
    if (tokens + cost > maxTokens) break;
    tokens += cost;
    kept += 1;
  }
  const cut = earlier.length - kept;
  return {
    history: [...earlier.slice(cut), ...answering],
    older: earlier.slice(Math.max(0, cut - SUMMARY_MESSAGES), cut),
  };
}

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
