/**
 * Tables the database's triggers fill from the listings (migrations 0008 to 0015): the text search documents, the
 * map markers and the two count tables. A copy of the data leaves them to the triggers.
 */
export const TABLES_KEPT_BY_TRIGGERS = ['property_search', 'property_map', 'property_map_tally', 'property_tally'];

/**
 * The count tables' triggers and the functions that count everything again. A bulk load turns the triggers off and
 * counts once at the end: updated row by row in one transaction, a count row piles up a version per listing, and
 * each update walks them all (docs/decisions/027).
 */
export const COUNT_TRIGGERS = [
  { table: 'property_map', trigger: 'property_map_tally_sync', rebuild: 'property_map_tally_rebuild' },
  { table: 'properties', trigger: 'properties_tally_sync', rebuild: 'property_tally_rebuild' },
];
