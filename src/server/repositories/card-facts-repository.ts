import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { parameters, properties, propertyParameters, users } from '../db/schema/index.ts';

/**
 * What a listing card shows beyond the search's own columns, for one page of cards at once: the number of photos,
 * whether the owner is verified, and the values of its number parameters (bedrooms, area, ... by their names,
 * src/lib/listing-facts.ts). Read apart from the search, so the search's statements stay as narrow as they are.
 */
export async function listCardExtras(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return { listings: [], parameterValues: [] };
  const unique = [...new Set(ids)];
  const [listings, parameterValues] = await Promise.all([
    db
      .select({
        id: properties.id,
        photoCount: sql<number>`(case when ${properties.titleImage} is null then 0 else 1 end + jsonb_array_length(${properties.galleryImages}))::int`,
        ownerVerified: sql<boolean>`${users.verificationStatus} = 'success'`,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(inArray(properties.id, unique)),
    db
      .select({ propertyId: propertyParameters.propertyId, name: parameters.name, value: propertyParameters.value })
      .from(propertyParameters)
      .innerJoin(parameters, eq(parameters.id, propertyParameters.parameterId))
      .where(and(inArray(propertyParameters.propertyId, unique), eq(parameters.typeOfParameter, 'number')))
      .orderBy(propertyParameters.propertyId, parameters.id),
  ]);
  return { listings, parameterValues };
}

/** The number parameters of the catalogue, for recognising which of them count bedrooms (a filter). */
export function listNumberParameters(db: Executor) {
  return db
    .select({ id: parameters.id, name: parameters.name })
    .from(parameters)
    .where(eq(parameters.typeOfParameter, 'number'));
}

/**
 * Listings with at least `atLeast` in one of these number parameters (bedrooms, bathrooms), as a condition of a
 * public search (`minParameters` of PublicPropertyFilter). Written with explicit aliases, as `hasParameter` in property-repository.
 */
export function parameterAtLeast(parameterIds: readonly number[], atLeast: number): SQL {
  if (parameterIds.length === 0) return sql`false`;
  const text = sql`(pp."value" #>> '{}')`;
  // A number, or a number typed as text; anything else is no count (CASE: no cast is tried on other text).
  const number = sql`case when ${text} ~ '^[0-9]+([.][0-9]+)?$' then ${text}::numeric end`;
  const ids = sql.join(
    parameterIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`exists (select 1 from "property_parameters" pp where pp."property_id" = "properties"."id" and pp."parameter_id" in (${ids}) and ${number} >= ${atLeast})`;
}
