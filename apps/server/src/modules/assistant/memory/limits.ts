import { MAX_MEMORY_TEXT } from '@app/contract/assistant/memory';

/** At most this many memories a person; the 101st is refused with words saying to forget one first. */
export const MAX_MEMORIES = 100;
/** The longest fact kept (the tool's schema and the screen's say the same). */
export const MAX_MEMORY_CHARS = MAX_MEMORY_TEXT;
/** What each turn's prompt carries: the newest memories, each and all together bounded. */
export const PROMPT_MEMORIES = 30;
export const PROMPT_MEMORY_CHARS = 200;
export const PROMPT_MEMORIES_TOTAL_CHARS = 2000;
