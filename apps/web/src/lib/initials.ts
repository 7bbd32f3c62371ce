/** Up to two initials from the name, else from the email's local part (spec: user menu avatar). */
export function initials(name: string | null | undefined, email: string | null | undefined): string {
  const fromName = (name ?? '').trim();
  const source =
    fromName && fromName !== 'User' ? fromName : ((email ?? '').split('@')[0]?.replace(/[._-]+/g, ' ') ?? '');
  const words = source.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1
      ? Array.from(words[0]!).slice(0, 2)
      : [Array.from(words[0]!)[0], Array.from(words[words.length - 1]!)[0]];
  return letters.join('').toUpperCase();
}
