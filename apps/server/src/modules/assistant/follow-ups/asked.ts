/**
 * Whether the person's own texts of this turn ask to be told of a reply or nudged about one
 * (issue 30, part 4). Decided in code: a mail that says "tell me if X replies" is read by the
 * model, never sent by the person, so it sets no follow-up whatever the model does.
 */
const ASKS: RegExp[] = [
  /\b(tell|let|notify|ping|alert|text|nudge|remind|warn)\b[^.?!\n]*\b(repl|answer|respond|writes? back|gets? back|hear|follow)/i,
  /\bfollow[- ]?up\b/i,
  /\b(watch|track)\b[^.?!\n]*\b(thread|mail|email|repl)/i,
  /(告诉|提醒|通知|叫|跟我说)[^。？！\n]*(回复|回信|回了|没回|答复|跟进)/,
  /(回复|回信|回了|没回|答复|跟进)[^。？！\n]*(告诉|提醒|通知|跟我说)/,
];

export function asksForFollowUp(theirTexts: string): boolean {
  return ASKS.some((pattern) => pattern.test(theirTexts));
}
