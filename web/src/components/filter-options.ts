export interface MultiSelectOption {
  value: string;
  /** How many projects carry it, shown beside it. */
  count?: number;
  /** Said after the count ("12 from topics"). */
  detail?: string;
}

/** More than this many options is a wall; typing narrows them down instead. */
export const MAX_SHOWN_OPTIONS = 50;

/**
 * The options matching `text` (case-insensitive), those starting with it first, each group in the given
 * order (most used first), at most `limit` of them.
 */
export function filterOptions(
  options: readonly MultiSelectOption[],
  text: string,
  limit = MAX_SHOWN_OPTIONS,
): MultiSelectOption[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return options.slice(0, limit);
  const starts: MultiSelectOption[] = [];
  const contains: MultiSelectOption[] = [];
  for (const option of options) {
    const value = option.value.toLowerCase();
    if (value.startsWith(needle)) starts.push(option);
    else if (value.includes(needle)) contains.push(option);
  }
  return [...starts, ...contains].slice(0, limit);
}
