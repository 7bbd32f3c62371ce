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
