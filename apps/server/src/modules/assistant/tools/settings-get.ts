import { defineTool, type ToolEnv } from './shared';

export const settingsGet = (env: ToolEnv) =>
  defineTool(env, 'settings_get', 'The person’s time zone and language.', async () => ({
    timeZone: env.ctx.timeZone,
    language: env.ctx.language,
  }));
