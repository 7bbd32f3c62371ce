/**
 * A screen drawn at build time (prerender.tsx) is painted before the app's code runs, and the
 * app's first render then replaces it (decision 330). What works with no code stays live: its
 * fields take typing, which the app takes over (drawn-fields.ts), and its links are links.
 * Everything that needs code (buttons, the language switch's radios and their labels) is
 * `inert`, so no tap is taken that would do nothing, and a form cannot be sent by the browser
 * itself (Enter in a field would reload the page and lose what was typed): `method="dialog"`
 * outside a dialog sends nothing.
 */
export function untilCodeRuns(html: string): string {
  return html
    .replace(/<button(?=[\s>])/g, '<button inert=""')
    .replace(/<input(?=[^>]*\stype="(?:radio|checkbox)")/g, '<input inert=""')
    .replace(/<label(?=[^>]*\sclass="[^"]*SegmentedControl-label)/g, '<label inert=""')
    .replace(/<form(?=[\s>])/g, '<form method="dialog"');
}
