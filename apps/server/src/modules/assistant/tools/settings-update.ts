import { isIanaZone } from '@app/contract/usage/time-zone';
import { defineTool, type ToolEnv } from './shared';

export const settingsUpdate = (env: ToolEnv) =>
  defineTool(env, 'settings_update', 'Changes the person’s time zone or language.', async (input) => {
    const { deps, ctx } = env;
    if (input.timeZone) {
      if (!isIanaZone(input.timeZone))
        return { error: 'rejected', message: 'Unknown time zone: use an IANA name.' };
      await deps.usersRepo.setTimeZone(ctx.user.id, input.timeZone);
      ctx.timeZone = input.timeZone;
    }
    if (input.language) {
      await deps.usersRepo.update(ctx.user.id, {
        language: input.language,
        updated_at: deps.clock.now().toISOString(),
      });
      ctx.language = input.language;
    }
    return { timeZone: ctx.timeZone, language: ctx.language };
  });
