/**
 * Tables the database's triggers fill from the listings (migrations 0008 to 0016): the text search documents, the
 * map markers and the two count tables. A copy of the data leaves them to the triggers.
 */
export const TABLES_KEPT_BY_TRIGGERS = ['property_search', 'property_map', 'property_map_tally', 'property_tally'];

/**
 * The count tables' triggers and the functions that count everything again. A bulk load turns the triggers off and
 * counts once at the end: a load in many statements inside one transaction would update each count row once per
 * statement, and each update walks the versions the transaction made of it before (docs/decisions/027 and 028).
 */
export const COUNT_TRIGGERS = [
  {
    table: 'property_map',
    triggers: ['property_map_tally_insert', 'property_map_tally_update', 'property_map_tally_delete'],
    rebuild: 'property_map_tally_rebuild',
  },
  {
    table: 'properties',
    triggers: ['properties_tally_insert', 'properties_tally_update', 'properties_tally_delete'],
    rebuild: 'property_tally_rebuild',
  },
];

/** The statements that turn every count trigger off or back on. */
export const switchCountTriggers = (state: 'enable' | 'disable'): string[] =>
  COUNT_TRIGGERS.flatMap(({ table, triggers }) => triggers.map((t) => `alter table ${table} ${state} trigger ${t}`));
