import type { TLanguage } from '@app/contract/messages';

/**
 * What the assistant's plain code says by text (the gate, approvals, apologies), in both
 * languages. Kept on the server: these go out by SMS and never reach the web's bundle.
 * `{{name}}` marks a variable. Short on purpose: one SMS segment where the words allow.
 */
const en = {
  stopped: "You're unsubscribed from {{product}} and won't get more texts. Reply START to resubscribe.",
  started: "You're subscribed to {{product}} again. Text me anything; reply STOP to unsubscribe.",
  help: '{{product}}: your assistant for mail, calendar and contacts. Help: {{support}}. Reply STOP to unsubscribe.',
  unknownNumber: "This number isn't linked to a {{product}} account. Sign up at {{url}}",
  noPlan: 'Your {{product}} plan is not active. Start your free trial at {{url}}',
  overLimit: "You've used this period's {{product}} allowance. Upgrade to keep going: {{url}}",
  paused: 'Your {{product}} assistant is paused. Resume it at {{url}}',
  askSend: 'Reply YES to send, NO to cancel.',
  askChange: 'Reply YES to confirm, NO to cancel.',
  done: 'Done: {{preview}}',
  failed: "That didn't work ({{reason}}). Nothing was sent or changed.",
  declined: 'Cancelled. Nothing was sent or changed.',
  nothingPending: 'Nothing is waiting for your YES. Requests expire after 30 minutes.',
  apology: "Sorry, I couldn't answer that just now. Please try again in a few minutes.",
  more: 'The rest is in the app: {{url}}',
  previewCreate: 'Add "{{title}}", {{when}}{{where}}{{with}}',
  previewUpdate: 'Change "{{title}}"{{when}}',
  previewDelete: 'Delete the event "{{title}}"',
  previewSend: 'Email {{to}}: "{{subject}}"',
  previewReply: 'Reply to {{to}}: "{{subject}}"',
  previewWhere: ' at {{place}}',
  previewWith: ' with {{people}}',
  newRecipients: 'Not in your contacts or this thread: {{list}}',
  andMore: '{{list}} and {{count}} more',
  reasonUnavailable: 'the account could not be reached',
  reasonReconnect: 'the account needs reconnecting',
  reasonPermission: 'the permission is missing',
  reasonOther: 'the provider refused',
  greeting:
    'Hi, I\'m your {{product}} assistant: text me things like "what\'s on tomorrow?", "book lunch with Sam on Friday at 12" or "any unread mail?". Reply STOP to opt out.',
  briefingNothing: 'Good morning! Nothing on your calendar today.',
  briefingEvents: 'Good morning! {{count}} today. First: {{first}}.{{rest}}',
  briefingOneEvent: '1 event',
  briefingManyEvents: '{{n}} events',
  briefingRest: ' Then: {{list}}.',
  briefingAllDay: 'all day {{title}}',
  briefingPlace: ', {{place}}',
  briefingListSeparator: '; ',
  briefingMailOne: ' 1 unread email from your contacts.',
  briefingMailMany: ' {{n}} unread emails from your contacts.',
  reminder: 'Reminder: "{{title}}" at {{time}}, in {{lead}} min{{where}}{{link}}',
  reminderWhere: ', {{place}}',
  reminderLink: '. Join: {{url}}',
};

const zh: Record<keyof typeof en, string> = {
  stopped: '您已退订 {{product}}，不会再收到短信。回复 START 重新订阅。',
  started: '您已重新订阅 {{product}}。随时发消息给我；回复 STOP 退订。',
  help: '{{product}}：您的邮件、日历和联系人助手。帮助：{{support}}。回复 STOP 退订。',
  unknownNumber: '此号码尚未关联 {{product}} 账户。请在 {{url}} 注册',
  noPlan: '您的 {{product}} 套餐未激活。请在 {{url}} 开始免费试用',
  overLimit: '您本期的 {{product}} 用量已用完。升级以继续使用：{{url}}',
  paused: '您的 {{product}} 助手已暂停。请在 {{url}} 恢复',
  askSend: '回复“是”发送，回复“否”取消。',
  askChange: '回复“是”确认，回复“否”取消。',
  done: '已完成：{{preview}}',
  failed: '未能完成（{{reason}}）。没有发送或更改任何内容。',
  declined: '已取消。没有发送或更改任何内容。',
  nothingPending: '目前没有等待您确认的操作。请求会在 30 分钟后失效。',
  apology: '抱歉，我刚才无法回答。请过几分钟再试。',
  more: '其余内容请在应用中查看：{{url}}',
  previewCreate: '添加“{{title}}”，{{when}}{{where}}{{with}}',
  previewUpdate: '更改“{{title}}”{{when}}',
  previewDelete: '删除日程“{{title}}”',
  previewSend: '发邮件给 {{to}}：“{{subject}}”',
  previewReply: '回复 {{to}}：“{{subject}}”',
  previewWhere: '，地点：{{place}}',
  previewWith: '，参与者：{{people}}',
  newRecipients: '不在您的联系人或此邮件往来中：{{list}}',
  andMore: '{{list}} 等另外 {{count}} 个地址',
  reasonUnavailable: '账户暂时无法连接',
  reasonReconnect: '账户需要重新连接',
  reasonPermission: '缺少权限',
  reasonOther: '服务方拒绝了请求',
  greeting:
    '你好，我是您的 {{product}} 助手：可以给我发“明天有什么安排”“周五12点和李明吃午饭”或“有未读邮件吗”。回复 STOP 退订。',
  briefingNothing: '早上好！今天日历上没有安排。',
  briefingEvents: '早上好！今天有 {{count}}。第一个：{{first}}。{{rest}}',
  briefingOneEvent: '1 个日程',
  briefingManyEvents: '{{n}} 个日程',
  briefingRest: '之后：{{list}}。',
  briefingAllDay: '全天 {{title}}',
  briefingPlace: '，{{place}}',
  briefingListSeparator: '；',
  briefingMailOne: '联系人发来 1 封未读邮件。',
  briefingMailMany: '联系人发来 {{n}} 封未读邮件。',
  reminder: '提醒：“{{title}}”{{time}} 开始，还有 {{lead}} 分钟{{where}}{{link}}',
  reminderWhere: '，{{place}}',
  reminderLink: '。加入：{{url}}',
};

export type AssistantTextKey = keyof typeof en;
const TEXTS: Record<TLanguage, Record<AssistantTextKey, string>> = { en, zh };

export function say(language: TLanguage, key: AssistantTextKey, vars: Record<string, string> = {}): string {
  return TEXTS[language][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
