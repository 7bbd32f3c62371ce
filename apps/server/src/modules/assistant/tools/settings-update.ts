import type { TApprovalChange } from '@app/contract/assistant/screen';
import type { TLanguage } from '@app/contract/messages';
import { isIanaZone } from '@app/contract/usage/time-zone';
import { say } from '../texts';
import type { TurnContext } from '../turn-context';
import { requestApproval } from './approval-step';
import { changeLine } from './calendar-update-event';
import { defineTool, type ToolEnv } from './shared';

/** Places people name for a zone whose IANA name holds another city (or none in their language). */
const ZONE_ALIASES: Record<string, string[]> = {
  'Asia/Shanghai': ['beijing', '北京', '上海', '中国'],
  'Asia/Hong_Kong': ['香港'],
  'Asia/Taipei': ['台北', '台湾'],
  'Asia/Tokyo': ['东京', '日本'],
  'Asia/Singapore': ['新加坡'],
  'Australia/Sydney': ['悉尼'],
  'Australia/Melbourne': ['墨尔本'],
  'Europe/London': ['伦敦'],
  'Europe/Paris': ['巴黎'],
  'America/New_York': ['纽约'],
  'America/Los_Angeles': ['洛杉矶', 'san francisco', '旧金山'],
  'America/Vancouver': ['温哥华'],
  'America/Toronto': ['多伦多'],
};

const LANGUAGE_WORDS: Record<TLanguage, RegExp> = {
  en: /\benglish\b|英文|英语/i,
  zh: /\bchinese\b|\bmandarin\b|中文|汉语|普通话|華語|华语/i,
};

/** Whether the person's own words name the zone: its IANA name, its city, or a known alias. */
function namesZone(texts: string, zone: string): boolean {
  const lower = texts.toLowerCase();
  const city = zone.split('/').at(-1)!.replace(/_/g, ' ').toLowerCase();
  return (
    lower.includes(zone.toLowerCase()) ||
    lower.includes(city) ||
    (ZONE_ALIASES[zone] ?? []).some((alias) => lower.includes(alias))
  );
}

function languageName(ctx: TurnContext, language: TLanguage): string {
  return say(ctx.language, language === 'zh' ? 'languageZh' : 'languageEn');
}

/**
 * Settings change only when the person asked in their own texts of this turn (they name the zone
 * or its city, or the language): anything else, such as a change an injected mail asks for, is
 * an approval request of its own kind, shown old -> new (decision 282).
 */
export const settingsUpdate = (env: ToolEnv) =>
  defineTool(env, 'settings_update', 'Changes the person’s time zone or language.', async (input) => {
    const { deps, ctx } = env;
    if (input.timeZone && !isIanaZone(input.timeZone))
      return { error: 'rejected', message: 'Unknown time zone: use an IANA name.' };
    const zone = input.timeZone && input.timeZone !== ctx.timeZone ? input.timeZone : undefined;
    const language = input.language && input.language !== ctx.language ? input.language : undefined;
    if (!zone && !language) return { timeZone: ctx.timeZone, language: ctx.language };

    const theirs = (await deps.assistantRepo.unanswered(ctx.user.id)).map((m) => m.body).join('\n');
    const asked = (!zone || namesZone(theirs, zone)) && (!language || LANGUAGE_WORDS[language].test(theirs));
    if (!asked) {
      const changes: TApprovalChange[] = [
        ...(zone ? [{ field: 'timeZone' as const, from: ctx.timeZone, to: zone }] : []),
        ...(language
          ? [
              {
                field: 'language' as const,
                from: languageName(ctx, ctx.language),
                to: languageName(ctx, language),
              },
            ]
          : []),
      ];
      return requestApproval(
        env,
        'settings_update',
        { kind: 'update_settings', ...(zone ? { timeZone: zone } : {}), ...(language ? { language } : {}) },
        {
          title: say(ctx.language, 'requestSettings'),
          when: null,
          recipients: [],
          lines: changes.map((change) => changeLine(ctx, change)),
          body: null,
          changes,
        },
      );
    }
    if (zone) {
      await deps.usersRepo.setTimeZone(ctx.user.id, zone);
      ctx.timeZone = zone;
    }
    if (language) {
      await deps.usersRepo.update(ctx.user.id, { language, updated_at: deps.clock.now().toISOString() });
      ctx.language = language;
    }
    return { timeZone: ctx.timeZone, language: ctx.language };
  });
