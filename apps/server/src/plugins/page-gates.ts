import { createHash } from 'node:crypto';
import { PAGE_GATES } from '@app/contract/web-build';

/**
 * The CSP's source for each inline gate script (packages/contract's PAGE_GATES), computed here
 * once from the same text the pages carry: the policy allows exactly these two scripts and no
 * other inline code (no 'unsafe-inline', no nonce, so the pages stay the same for everyone and
 * can be cached compressed).
 */
export const PAGE_GATE_SOURCES: string[] = Object.values(PAGE_GATES).map(
  (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
);

/** A gate as the page's element: the script's text exactly, nothing around it inside the tag. */
export function gateElement(gate: keyof typeof PAGE_GATES): string {
  return `<script>${PAGE_GATES[gate]}</script>`;
}
