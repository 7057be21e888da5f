/** An admin-entered name in other languages than the default, by language code (docs/decisions/044). */
export type TranslatedNames = Record<string, string>;

/** The name in `lang`, or the row's own name (the default language's) when it has none in that language. */
export const nameIn = (lang: string, name: string, names: TranslatedNames | null | undefined): string =>
  names?.[lang] || name;

/** A category as replies show it: its id and slug, and its name in `lang`. */
export const categoryIn = (
  lang: string,
  category: { id: number; name: string; names?: TranslatedNames | null; slug: string },
) => ({ id: category.id, name: nameIn(lang, category.name, category.names), slug: category.slug });
