import { freeBusy } from '../../workspace/calendar';
import { localTime } from '../tool-times';
import { defineTool, rangeOf, type ToolEnv } from './shared';

export const calendarFreeBusy = (env: ToolEnv) =>
  defineTool(env, 'calendar_free_busy', 'When the person is busy in a range.', async (input) => {
    const { busy } = await freeBusy(env.deps.workspace, {
      userId: env.ctx.user.id,
      ...rangeOf(env.ctx, input.from, input.to),
    });
    const zone = env.ctx.timeZone;
    return { busy: busy.map((b) => ({ start: localTime(b.start, zone), end: localTime(b.end, zone) })) };
  });
