import {
  deleteAssistantMemoryRoute,
  listAssistantMemoriesRoute,
  updateAssistantMemoryRoute,
} from '@app/contract/assistant/memory';
import {
  cancelReminderRoute,
  listRemindersRoute,
  moveReminderRoute,
} from '@app/contract/assistant/reminders';
import {
  approveApprovalRoute,
  declineApprovalRoute,
  getAssistantSettingsRoute,
  listAssistantActionsRoute,
  listAssistantMessagesRoute,
  listPendingApprovalsRoute,
  updateAssistantSettingsRoute,
} from '@app/contract/assistant/screen';
import type { FastifyInstance } from 'fastify';
import type { Jobs } from '../../lib/jobs/plugin';
import { registerRoute } from '../../lib/route';
import { perSessionLimit } from '../../lib/session-rate-limit';
import { requireAuth } from '../../plugins/authenticate';
import { decideOnWeb } from './decide-on-web';
import type { AssistantDeps } from './deps';
import { listActions, listPendingApprovals } from './list-approvals';
import { listMessages } from './list-messages';
import { deleteMemory, editMemory, listMemories } from './memory/screen';
import { cancelOnScreen, moveOnScreen, remindersOnScreen } from './reminders/screen';
import { getAssistantSettings, updateAssistantSettings } from './settings';

const HOUR = 60 * 60 * 1000;
/** A person changes settings a few times; a script changing them in a loop is refused. */
export const SETTINGS_CHANGES_PER_HOUR = 60;
/** Edits and deletions of memories per session: a person tidies a few; a script is refused. */
export const MEMORY_CHANGES_PER_HOUR = 120;
/** Approve, and Decline, each per session: far more answers than the assistant can ask. */
export const DECISIONS_PER_HOUR = 60;

/** The Assistant screen's calls (issue 22): each reads or changes only the signed-in person's. */
export async function assistantScreenRoutes(
  app: FastifyInstance,
  deps: AssistantDeps & { jobs: Pick<Jobs, 'enqueue'> },
): Promise<void> {
  registerRoute(app, getAssistantSettingsRoute, async (req) =>
    getAssistantSettings(deps, { user: requireAuth(req).user, browserZone: req.query.timeZone }),
  );

  registerRoute(
    app,
    updateAssistantSettingsRoute,
    async (req) => updateAssistantSettings(deps, { user: requireAuth(req).user, changes: req.body }),
    { rateLimit: perSessionLimit('assistant-settings', SETTINGS_CHANGES_PER_HOUR, HOUR) },
  );

  registerRoute(app, listAssistantMessagesRoute, async (req) =>
    listMessages(deps, {
      userId: requireAuth(req).user.id,
      before: req.query.before,
      limit: req.query.limit,
    }),
  );

  registerRoute(app, listPendingApprovalsRoute, async (req) => ({
    approvals: await listPendingApprovals(deps, requireAuth(req).user),
  }));

  const decisions = perSessionLimit('assistant-decisions', DECISIONS_PER_HOUR, HOUR);
  registerRoute(
    app,
    approveApprovalRoute,
    async (req) =>
      decideOnWeb(deps, { user: requireAuth(req).user, approvalId: req.params.id, answer: 'yes' }),
    { rateLimit: decisions },
  );
  registerRoute(
    app,
    declineApprovalRoute,
    async (req) =>
      decideOnWeb(deps, { user: requireAuth(req).user, approvalId: req.params.id, answer: 'no' }),
    { rateLimit: decisions },
  );

  registerRoute(app, listAssistantActionsRoute, async (req) =>
    listActions(deps, { user: requireAuth(req).user, before: req.query.before, limit: req.query.limit }),
  );

  // The Memory card (issue 30, part 5): read, edit and delete each memory.
  const memoryChanges = perSessionLimit('assistant-memories', MEMORY_CHANGES_PER_HOUR, HOUR);
  registerRoute(app, listAssistantMemoriesRoute, async (req) => listMemories(deps, requireAuth(req).user));
  registerRoute(
    app,
    updateAssistantMemoryRoute,
    async (req) => editMemory(deps, { user: requireAuth(req).user, id: req.params.id, text: req.body.text }),
    { rateLimit: memoryChanges },
  );
  registerRoute(
    app,
    deleteAssistantMemoryRoute,
    async (req) => deleteMemory(deps, { user: requireAuth(req).user, id: req.params.id }),
    { rateLimit: memoryChanges },
  );
  // The Reminders card (issue 30): list, cancel, move; setting one is done by text.
  registerRoute(app, listRemindersRoute, async (req) => remindersOnScreen(deps, requireAuth(req).user));
  const reminderChanges = {
    rateLimit: perSessionLimit('assistant-reminders', SETTINGS_CHANGES_PER_HOUR, HOUR),
  };
  registerRoute(
    app,
    cancelReminderRoute,
    async (req) => cancelOnScreen(deps, requireAuth(req).user, req.params.id),
    reminderChanges,
  );
  registerRoute(
    app,
    moveReminderRoute,
    async (req) => moveOnScreen(deps, requireAuth(req).user, req.params.id, req.body.at),
    reminderChanges,
  );
}
