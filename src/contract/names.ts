/**
 * How a performer's name reads to other people (docs/product.md §2). Sign-up stores the name
 * lower-cased, as the product asks; every place another person sees it shows it through
 * `personName`, capitalised word by word, and the stored value stays as it was typed.
 * Studio names are not lower-cased on input, so they are shown as their owners wrote them.
 */
export function personName(name: string): string {
  // A letter starts a word after the start, a space, a hyphen or an apostrophe ("d'souza" → "D'Souza").
  return name.replace(/(^|[\s\-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toLocaleUpperCase('en'));
}

/** The first letter of a shown name, for an avatar without a picture. */
export const initialOf = (name: string) => personName(name.trim()).charAt(0) || '?';
