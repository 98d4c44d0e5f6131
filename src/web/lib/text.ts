/** The first `n` characters of a text, never splitting a character in two (docs/product.md §9 cuts). */
export function cut(text: string, n: number): string {
  const chars = Array.from(text);
  return chars.length <= n ? text : chars.slice(0, n).join('');
}

export const isCut = (text: string, n: number) => Array.from(text).length > n;
