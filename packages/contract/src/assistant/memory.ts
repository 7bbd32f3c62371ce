import { z } from 'zod';
import { ZIsoDateTime, ZSingleLineText, ZSuccess } from '../common';
import { defineRoute } from '../http';

/**
 * What the assistant remembers about the signed-in person (issue 30, part 5): each fact with the
 * person's own text it came from. Another person's memory is a 404, as if it did not exist.
 */

/** The longest fact kept; the assistant's memory_save takes the same. */
export const MAX_MEMORY_TEXT = 300;

/** text: from the person's own text; approved: proposed from something read, saved by their YES. */
export const ZMemorySource = z.enum(['text', 'approved']);
export type TMemorySource = z.infer<typeof ZMemorySource>;

export const ZAssistantMemory = z.object({
  id: z.string(),
  /** The fact. */
  text: z.string(),
  source: ZMemorySource,
  /** The person's text it came from ("You said: …"). */
  evidence: z.string(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TAssistantMemory = z.infer<typeof ZAssistantMemory>;

export const ZAssistantMemoriesResponse = z.object({
  /** Oldest first, as they were told. */
  memories: z.array(ZAssistantMemory),
  /** The most kept: past it nothing more is remembered until one is forgotten. */
  limit: z.number().int(),
});
export type TAssistantMemoriesResponse = z.infer<typeof ZAssistantMemoriesResponse>;

export const listAssistantMemoriesRoute = defineRoute({
  method: 'GET',
  path: '/assistant/memories',
  summary: 'What the assistant remembers about the signed-in person, each with its evidence',
  tag: 'assistant',
  auth: true,
  response: ZAssistantMemoriesResponse,
  errors: ['UNAUTHORIZED'],
});

export const ZMemoryParams = z.object({ id: ZSingleLineText.min(1).max(64) });

export const ZUpdateMemoryRequest = z.object({ text: ZSingleLineText.min(1).max(MAX_MEMORY_TEXT) });
export type TUpdateMemoryRequest = z.infer<typeof ZUpdateMemoryRequest>;

export const ZUpdateMemoryResponse = z.object({ memory: ZAssistantMemory });

export const updateAssistantMemoryRoute = defineRoute({
  method: 'PATCH',
  path: '/assistant/memories/:id',
  summary: 'Changes the words of one memory; its evidence stays as the person said it',
  tag: 'assistant',
  auth: true,
  params: ZMemoryParams,
  body: ZUpdateMemoryRequest,
  response: ZUpdateMemoryResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'RATE_LIMITED'],
});

export const deleteAssistantMemoryRoute = defineRoute({
  method: 'DELETE',
  path: '/assistant/memories/:id',
  summary: 'Forgets one memory',
  tag: 'assistant',
  auth: true,
  params: ZMemoryParams,
  response: ZSuccess,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'RATE_LIMITED'],
});

export const ASSISTANT_MEMORY_ROUTES = [
  listAssistantMemoriesRoute,
  updateAssistantMemoryRoute,
  deleteAssistantMemoryRoute,
] as const;
