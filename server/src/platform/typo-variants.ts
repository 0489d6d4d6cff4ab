/** Words shorter than this are not corrected by one edit: a short word is one edit away from too many. */
export const TYPO_MIN_LENGTH = 5;
/** Longer words share enough trigrams with the word meant for the trigram correction to find it. */
const TYPO_MAX_LENGTH = 16;
const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/**
 * The words one slip of the keys away from `word` (a search word: lowercased letters and digits), most likely
 * slip first: two neighbours swapped ("djnago" for django), a letter too many ("djangoo"), a wrong letter
 * ("reakt" for react), a letter missing. The search looks these up among the words it knows before it tries
 * trigram similarity, which misses a swap in a short word (it changes most of the word's trigrams) and prefers
 * a shorter word sharing its first letters ("read" for "reakt"). Empty for words outside TYPO_MIN_LENGTH to
 * TYPO_MAX_LENGTH letters. Each variant once, never the word itself.
 */
export function typoVariants(word: string): string[] {
  const letters = [...word];
  const length = letters.length;
  if (length < TYPO_MIN_LENGTH || length > TYPO_MAX_LENGTH) return [];
  const alphabet = [...new Set([...ALPHABET, ...letters])];
  const variants = new Set<string>();
  const join = (parts: string[]) => parts.join('');
  for (let i = 0; i + 1 < length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [letters[i + 1] ?? '', letters[i] ?? ''];
    variants.add(join(swapped));
  }
  for (let i = 0; i < length; i++) variants.add(join(letters.toSpliced(i, 1)));
  for (let i = 0; i < length; i++) {
    for (const letter of alphabet)
      if (letter !== letters[i]) variants.add(join(letters.toSpliced(i, 1, letter)));
  }
  for (let i = 0; i <= length; i++) {
    for (const letter of alphabet) variants.add(join(letters.toSpliced(i, 0, letter)));
  }
  variants.delete(word);
  return [...variants];
}
