import type { TActionKind } from '@app/contract/assistant/screen';
import {
  IconBrain,
  IconCalendarCog,
  IconCalendarPlus,
  IconCalendarQuestion,
  IconCalendarX,
  IconMail,
  IconMailForward,
  IconSettings,
} from '@tabler/icons-react';

export const KIND_ICONS: Record<TActionKind, typeof IconMail> = {
  create_event: IconCalendarPlus,
  update_event: IconCalendarCog,
  delete_event: IconCalendarX,
  send_mail: IconMail,
  update_settings: IconSettings,
  save_memory: IconBrain,
  ask_others: IconCalendarQuestion,
  book_time: IconCalendarPlus,
  remind_others: IconMailForward,
};
