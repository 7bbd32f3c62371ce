/**
 * A value that reads as one word, a phone number above all ("+1 555 010 0000"): its spaces
 * become no-break spaces, so a line ends before it or after it, never inside it, wherever it
 * sits in a translated sentence.
 */
export function unbreakable(text: string): string {
  return text.replace(/ /g, '\u00a0');
}
