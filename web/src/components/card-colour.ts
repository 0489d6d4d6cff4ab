/** The spec's card colours. */
export const CARD_COLOURS = ['red', 'yellow', 'green', 'purple'] as const;
export type CardColour = (typeof CARD_COLOURS)[number];

/**
 * A card's colour, from its object's id: the same project (or group) has the same colour in every list, on
 * every page and whatever the sort, while neighbours in a list of consecutive ids still differ.
 */
export function cardColourOf(id: number): CardColour {
  return CARD_COLOURS[id % CARD_COLOURS.length] ?? 'purple';
}
