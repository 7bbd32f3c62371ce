/**
 * Tokens as a model's tokenizer roughly counts them: about four Latin characters a token, and a
 * token for each Chinese character (or other wide one). Cheap and synchronous, so the server can
 * bound what it sends a model on every turn without loading a tokenizer's ranks (the evals count
 * exactly with o200k_base; see evals/lib/token-count.ts). Nobody is billed by it.
 */
export function estimateTokens(text: string): number {
  let narrow = 0;
  let wide = 0;
  for (const char of text) {
    if (char.codePointAt(0)! >= 0x2e80) wide += 1;
    else narrow += 1;
  }
  return wide + Math.ceil(narrow / 4);
}
