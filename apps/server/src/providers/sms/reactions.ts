/**
 * The text an iPhone sends when its owner reacts to an SMS from a phone that cannot show
 * reactions (Tapback sent as SMS, decision 450): `Liked “…”`, `Loved “…”`, `Disliked “…”`,
 * `Laughed at “…”`, `Emphasized “…”`, `Questioned “…”`, since iOS 18 `Reacted 👍 to “…”` (any
 * emoji), `Removed a like from “…”` when one is taken back, and on a phone set to Chinese
 * `赞了“…”`, `喜欢“…”`, `不喜欢“…”`, `笑了“…”`, `强调了“…”`, `质疑了“…”`. The quoted text may be
 * cut with "…" and its quotes curly or straight. Plain code reads it; what it answers is decided
 * in modules/assistant/reactions.ts.
 */

/** positive: Liked, Loved, 👍 ❤️ and kin; negative: Disliked, 👎; other: anything else. */
export type ReactionKind = 'positive' | 'negative' | 'other';

export interface Reaction {
  kind: ReactionKind;
  /** The quoted text as the phone sent it, without its quotes and without a closing "…". */
  quoted: string;
  /** The phone cut the quote ("…" or "..." at its end): it is the start of the text. */
  cut: boolean;
}

const POSITIVE_WORDS = new Set(['liked', 'loved', '赞了', '喜欢']);
const NEGATIVE_WORDS = new Set(['disliked', '不喜欢']);
const OPEN = '[“"„「『]';
const CLOSE = '[”"“」』]';

/** Emoji that say yes or no when they are the whole reaction, skin tones and variation dropped. */
const POSITIVE_EMOJI = new Set(['👍', '❤', '♥', '💖', '💕', '😍', '🥰', '👌', '✅', '✔', '💯', '🙏']);
const NEGATIVE_EMOJI = new Set(['👎', '❌', '✖', '🚫']);

const REACTIONS: { pattern: RegExp; kind: (match: RegExpExecArray) => ReactionKind }[] = [
  {
    pattern: new RegExp(
      `^(Liked|Loved|Disliked|Laughed at|Emphasi[sz]ed|Questioned)\\s*${OPEN}([\\s\\S]*)${CLOSE}$`,
      'iu',
    ),
    kind: (m) => wordKind(m[1]!.toLowerCase()),
  },
  {
    pattern: new RegExp(`^Reacted\\s+(\\S+)\\s+to\\s*${OPEN}([\\s\\S]*)${CLOSE}$`, 'iu'),
    kind: (m) => emojiKind(m[1]!),
  },
  // Taking a reaction back is never an answer.
  {
    pattern: new RegExp(
      `^Removed\\s+(?:a|an|the)\\s+\\S+(?:\\s+\\S+)?\\s+from\\s*${OPEN}([\\s\\S]*)${CLOSE}$`,
      'iu',
    ),
    kind: () => 'other',
  },
  // A reaction to a picture or an attachment quotes nothing we could have sent.
  {
    pattern:
      /^(?:Liked|Loved|Disliked|Laughed at|Emphasi[sz]ed|Questioned)\s+an?\s+(?:image|photo|video|attachment|audio message|movie|sticker)$/iu,
    kind: () => 'other',
  },
  {
    pattern: new RegExp(`^(赞了|喜欢|不喜欢|笑了|强调了|质疑了)\\s*${OPEN}([\\s\\S]*)${CLOSE}$`, 'u'),
    kind: (m) => wordKind(m[1]!),
  },
  // 用👍回应了“…” (the emoji form on a phone set to Chinese; unverified, decision 450).
  {
    pattern: new RegExp(`^用\\s*(\\S+?)\\s*回应了\\s*${OPEN}([\\s\\S]*)${CLOSE}$`, 'u'),
    kind: (m) => emojiKind(m[1]!),
  },
  {
    pattern: new RegExp(`^(?:移除了|取消了)[\\s\\S]{0,12}?${OPEN}([\\s\\S]*)${CLOSE}$`, 'u'),
    kind: () => 'other',
  },
];

function wordKind(word: string): ReactionKind {
  if (POSITIVE_WORDS.has(word)) return 'positive';
  if (NEGATIVE_WORDS.has(word)) return 'negative';
  return 'other';
}

/** An emoji without its skin tone, variation selector or joiners. */
function emojiKind(emoji: string): ReactionKind {
  const bare = emoji.replace(/[\u{1F3FB}-\u{1F3FF}\uFE0E\uFE0F\u200D]/gu, '');
  if (POSITIVE_EMOJI.has(bare)) return 'positive';
  if (NEGATIVE_EMOJI.has(bare)) return 'negative';
  return 'other';
}

const ELLIPSIS = /(?:…|\.\.\.)\s*$/u;

/** The reaction a whole message is, or null when it is not one. */
export function parseReaction(body: string): Reaction | null {
  const text = body.normalize('NFC').trim();
  for (const { pattern, kind } of REACTIONS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const inner = match.length > 1 ? match[match.length - 1]! : '';
    const cut = ELLIPSIS.test(inner);
    return { kind: kind(match), quoted: cut ? inner.replace(ELLIPSIS, '') : inner, cut };
  }
  return null;
}

/** A text as compared: compatibility forms, quotes made straight, runs of space made one. */
function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[“”„「」『』]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A cut quote names a text only when this much of it is quoted (characters). */
export const MIN_CUT_QUOTE = 12;

/**
 * Whether a reaction quotes this text we sent: all of it, or (cut) a start of it at least
 * MIN_CUT_QUOTE characters long.
 */
export function quotes(reaction: Reaction, sent: string): boolean {
  const quoted = comparable(reaction.quoted);
  const text = comparable(sent);
  if (!reaction.cut) return quoted === text;
  return Array.from(quoted).length >= MIN_CUT_QUOTE && text.startsWith(quoted);
}
