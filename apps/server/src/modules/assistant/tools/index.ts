import type { TToolName } from '@app/contract/assistant/tools';
import type { Tool } from 'ai';
import type { AssistantDeps } from '../deps';
import type { TurnContext } from '../turn-context';
import { calendarCreateEvent } from './calendar-create-event';
import { calendarDeleteEvent } from './calendar-delete-event';
import { calendarFreeBusy } from './calendar-free-busy';
import { calendarListEvents } from './calendar-list-events';
import { calendarUpdateEvent } from './calendar-update-event';
import { contactsSearch } from './contacts-search';
import { followupCancel } from './followup-cancel';
import { followupCreate } from './followup-create';
import { followupList } from './followup-list';
import { mailDraft } from './mail-draft';
import { mailRead } from './mail-read';
import { mailReply } from './mail-reply';
import { mailSearch } from './mail-search';
import { mailSend } from './mail-send';
import { mailThread } from './mail-thread';
import { memoryForget } from './memory-forget';
import { memoryList } from './memory-list';
import { memorySave } from './memory-save';
import { reminderCancel } from './reminder-cancel';
import { reminderCreate } from './reminder-create';
import { reminderList } from './reminder-list';
import { reminderUpdate } from './reminder-update';
import { scheduleProposeTool } from './schedule-propose';
import { settingsGet } from './settings-get';
import { settingsUpdate } from './settings-update';
import type { ToolEnv } from './shared';

export { APPROVAL_TTL_MS } from './approval-step';

const TOOLS: Record<TToolName, (env: ToolEnv) => Tool> = {
  calendar_list_events: calendarListEvents,
  calendar_free_busy: calendarFreeBusy,
  calendar_create_event: calendarCreateEvent,
  calendar_update_event: calendarUpdateEvent,
  calendar_delete_event: calendarDeleteEvent,
  mail_search: mailSearch,
  mail_read: mailRead,
  mail_thread: mailThread,
  mail_draft: mailDraft,
  mail_send: mailSend,
  mail_reply: mailReply,
  contacts_search: contactsSearch,
  settings_get: settingsGet,
  settings_update: settingsUpdate,
  memory_save: memorySave,
  memory_list: memoryList,
  memory_forget: memoryForget,
  followup_create: followupCreate,
  followup_list: followupList,
  followup_cancel: followupCancel,
  reminder_create: reminderCreate,
  reminder_list: reminderList,
  reminder_cancel: reminderCancel,
  reminder_update: reminderUpdate,
  schedule_propose: scheduleProposeTool,
};

/**
 * The turn's tools over the workspace, one file each. Reading tools answer at once; a tool in
 * APPROVAL_TOOLS only stores an approval (approval-step.ts) and ends the turn (run-turn's stopWhen).
 */
export function assistantTools(deps: AssistantDeps, ctx: TurnContext): Record<TToolName, Tool> {
  const env: ToolEnv = { deps, ctx };
  return Object.fromEntries(Object.entries(TOOLS).map(([name, make]) => [name, make(env)])) as Record<
    TToolName,
    Tool
  >;
}
