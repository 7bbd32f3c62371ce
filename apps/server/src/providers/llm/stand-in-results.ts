import { ZApprovalRequested } from '@app/contract/assistant/tools';
import { z } from 'zod';

/**
 * The workspace shapes the local stand-in model looks for in what a tool answered (events, mail
 * summaries, contacts, an approval request), wherever the assistant put them in its answer (a
 * bare list, `{ events: [...] }`, a quoted block). Only these fields are ever read: the stand-in
 * lists them back to the person and never reads a word of them as an instruction.
 */

export const ZFoundEvent = z.object({
  id: z.string().optional(),
  title: z.string(),
  start: z.string(),
  end: z.string().optional(),
  allDay: z.boolean().optional(),
});
export type TFoundEvent = z.infer<typeof ZFoundEvent>;

export const ZFoundMail = z.object({
  subject: z.string(),
  from: z.object({ email: z.string(), name: z.string().nullable().optional() }).nullable(),
  date: z.string().optional(),
  unread: z.boolean().optional(),
});
export type TFoundMail = z.infer<typeof ZFoundMail>;

export const ZFoundContact = z.object({
  name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()).optional(),
  organization: z.string().nullable().optional(),
});
export type TFoundContact = z.infer<typeof ZFoundContact>;

/** A busy stretch from `calendar_free_busy`: only its start and end are read. */
export const ZFoundBusy = z.object({ start: z.string(), end: z.string() });
export type TFoundBusy = z.infer<typeof ZFoundBusy>;

/** Deep enough for `{ data: { events: [...] } }`, bounded so a huge answer costs little. */
const MAX_DEPTH = 5;
const MAX_FOUND = 200;

/** Every value in the answer that has the shape, outermost first; it does not look inside a match. */
export function findAll<T>(value: unknown, shape: z.ZodType<T>): T[] {
  const found: T[] = [];
  const walk = (node: unknown, depth: number) => {
    if (found.length >= MAX_FOUND || depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
    const parsed = Array.isArray(node) ? null : shape.safeParse(node);
    if (parsed?.success) {
      found.push(parsed.data);
      return;
    }
    for (const child of Array.isArray(node) ? node : Object.values(node)) walk(child, depth + 1);
  };
  walk(value, 0);
  return found;
}

/** The approval request an effect tool answers with (the turn then waits for the person's YES). */
export function approvalRequested(value: unknown): boolean {
  return findAll(value, ZApprovalRequested).length > 0;
}

/** How the assistant's tools say they failed: `{ error: code, message }`, never quoted. */
const ZToolFailure = z.object({ error: z.string(), message: z.string().optional() });
/** A result over the assistant's size cap: the start of its JSON text. */
const ZTruncated = z.object({ truncated: z.literal(true), partial: z.string() });
const ZUnavailable = z.object({ unavailable: z.array(z.string()).min(1) });

export type ToolValue =
  | { ok: true; value: unknown; partial: boolean }
  /** `code`: the tool's own error code (`not_connected`, ...), when it said one. */
  | { ok: false; error: string; code?: string };

/**
 * A tool's answer as the stand-in uses it: a failure said as data is a failure (so an empty list
 * is never reported for a calendar that could not be read), and a result cut at the size cap
 * gives up the whole items at its start, marked partial.
 */
export function toolValue(value: unknown): ToolValue {
  const failure = ZToolFailure.safeParse(value);
  if (failure.success)
    return { ok: false, error: failure.data.message ?? failure.data.error, code: failure.data.error };
  const truncated = ZTruncated.safeParse(value);
  if (truncated.success) return { ok: true, value: completeObjects(truncated.data.partial), partial: true };
  return { ok: true, value, partial: false };
}

/** The accounts whose part of the answer is missing (a calendar that did not answer). */
export function unavailableOf(value: unknown): string[] {
  return findAll(value, ZUnavailable).flatMap((found) => found.unavailable);
}

/**
 * The outermost complete JSON objects in the start of a JSON text cut anywhere: the items that
 * arrived whole. Strings are followed so a brace inside a title does not count.
 */
export function completeObjects(text: string): unknown[] {
  const found: { start: number; end: number; value: unknown }[] = [];
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') open.push(i);
    else if (char === '}') {
      const start = open.pop();
      if (start === undefined) continue;
      try {
        found.push({ start, end: i, value: JSON.parse(text.slice(start, i + 1)) });
      } catch {
        // Not valid on its own: leave it out.
      }
    }
  }
  return found
    .filter(
      (item) => !found.some((other) => other !== item && other.start < item.start && other.end > item.end),
    )
    .map((item) => item.value);
}
