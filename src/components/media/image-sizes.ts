/** `sizes` of a card in a list's grid: one column on a phone, two from 40rem, three in the 72rem page. */
export const GRID_CARD_SIZES = '(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 92vw';

/**
 * `sizes` of a card in a home row (HomeRow.astro), min(72vw, 17rem) wide: a phone then fetches the 640 px photo,
 * not the 1024 px one the grid's 92vw would ask for, for each of the row's cards.
 */
export const ROW_CARD_SIZES = '(max-width: 23.6rem) 72vw, 17rem';
