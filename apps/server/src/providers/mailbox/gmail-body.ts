import type { TMailMessage } from '@app/contract/workspace/mail';
import { htmlToText } from './html-text';
import { decodeCharset } from './mime-words';

/** One node of the MIME tree Gmail parses a message into (`format=full`). */
export interface GmailPart {
  mimeType?: string | undefined;
  filename?: string | undefined;
  headers?: { name: string; value: string }[] | undefined;
  body?:
    | { size?: number | undefined; data?: string | undefined; attachmentId?: string | undefined }
    | undefined;
  parts?: GmailPart[] | undefined;
}

/** Deeper than any real mail nests; a message nested past it is read no further. */
const MAX_DEPTH = 20;

export function headerOf(part: GmailPart, name: string): string | null {
  const wanted = name.toLowerCase();
  return part.headers?.find((header) => header.name.toLowerCase() === wanted)?.value ?? null;
}

/** Parts that carry a file name, as the message lists them; their bytes are never fetched. */
export function attachmentsOf(part: GmailPart, depth = 0): TMailMessage['attachments'] {
  if (depth > MAX_DEPTH) return [];
  const own = part.filename
    ? [
        {
          name: part.filename,
          mimeType: part.mimeType ?? 'application/octet-stream',
          size: part.body?.size ?? null,
        },
      ]
    : [];
  return [...own, ...(part.parts ?? []).flatMap((child) => attachmentsOf(child, depth + 1))];
}

/**
 * The message as plain text: of two alternatives the plain one, an HTML-only body turned into
 * text, the text parts of a mixed message one after another; attachments are not the body.
 */
export function bodyText(payload: GmailPart): string {
  return textOf(payload, 0)?.text ?? '';
}

interface Text {
  text: string;
  fromHtml: boolean;
}

function textOf(part: GmailPart, depth: number): Text | null {
  if (depth > MAX_DEPTH || isAttachment(part)) return null;
  const type = (part.mimeType ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const texts = (part.parts ?? []).flatMap((child) => textOf(child, depth + 1) ?? []);
    if (type === 'multipart/alternative') return texts.find((text) => !text.fromHtml) ?? texts[0] ?? null;
    // The first part of a related set is the body; the rest are what it shows (images).
    if (type === 'multipart/related') return texts[0] ?? null;
    if (texts.length === 0) return null;
    return {
      text: texts.map((text) => text.text).join('\n\n'),
      fromHtml: texts.every((text) => text.fromHtml),
    };
  }
  if (type === 'text/plain') return { text: decodedBody(part), fromHtml: false };
  if (type === 'text/html') return { text: htmlToText(decodedBody(part)), fromHtml: true };
  return null;
}

function isAttachment(part: GmailPart): boolean {
  return Boolean(part.filename) || /^\s*attachment/i.test(headerOf(part, 'Content-Disposition') ?? '');
}

/** Gmail has undone the transfer encoding; the bytes are still in the part's own charset. */
function decodedBody(part: GmailPart): string {
  const data = part.body?.data;
  if (!data) return '';
  const charset = /charset\s*=\s*"?([^";\s]+)"?/i.exec(headerOf(part, 'Content-Type') ?? '')?.[1] ?? 'utf-8';
  return decodeCharset(Buffer.from(data, 'base64url'), charset) ?? '';
}
