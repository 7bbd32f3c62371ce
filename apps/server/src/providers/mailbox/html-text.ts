import { convert } from 'html-to-text';

/**
 * An HTML mail body as plain text: links kept as their text plus the address in brackets (never
 * fetched), images dropped, tables as lines. Mail is read by a person over SMS and by a model, so
 * layout goes and words stay.
 */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true, ignoreHref: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
