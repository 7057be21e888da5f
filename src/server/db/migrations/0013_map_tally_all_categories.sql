-- Each cell and type also counted over every category, as category 0 (no category has that id): a map view without
-- a category filter adds up one entry per cell and type instead of one per category. The index on those entries is
-- not unique: property_map_tally_cell_idx already is, and it is the one the trigger's ON CONFLICT merges on.
CREATE INDEX "property_map_tally_all_categories_idx" ON "property_map_tally" USING btree ("level","cell_row","cell_column","property_type") INCLUDE ("listings", "latitude_sum", "longitude_sum") WHERE "property_map_tally"."category_id" = 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_map_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "property_map" IN SHARE MODE;
  DELETE FROM "property_map_tally";
  WITH "counted" AS (
    SELECT l."level", floor(m."latitude" * l."per_degree")::integer AS "cell_row",
      floor(m."longitude" * l."per_degree")::integer AS "cell_column", m."property_type", m."category_id",
      count(*)::integer AS "listings", sum(m."latitude") AS "latitude_sum", sum(m."longitude") AS "longitude_sum"
    FROM "property_map" m CROSS JOIN "property_map_tally_levels"() l
    GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO "property_map_tally" ("level", "cell_row", "cell_column", "property_type", "category_id", "listings",
    "latitude_sum", "longitude_sum")
  SELECT * FROM "counted"
  UNION ALL
  SELECT "level", "cell_row", "cell_column", "property_type", 0, sum("listings")::integer, sum("latitude_sum"),
    sum("longitude_sum")
  FROM "counted" GROUP BY 1, 2, 3, 4
  -- Stored in index order: a view's entries share table pages until vacuum marks them all-visible.
  ORDER BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
-- As in 0011, with each change made to the listing's category and to category 0, in one statement in key order.
CREATE OR REPLACE FUNCTION "property_map_tally_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_here boolean := TG_OP <> 'INSERT';
  is_here boolean := TG_OP <> 'DELETE';
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."latitude" = NEW."latitude" AND OLD."longitude" = NEW."longitude"
     AND OLD."property_type" = NEW."property_type" AND OLD."category_id" = NEW."category_id" THEN
    RETURN NULL;
  END IF;
  WITH "changes" AS (
    SELECT l."level", floor(OLD."latitude" * l."per_degree")::integer AS "cell_row",
      floor(OLD."longitude" * l."per_degree")::integer AS "cell_column", OLD."property_type" AS "property_type",
      OLD."category_id" AS "category_id", -1 AS "listings", -OLD."latitude" AS "latitude_sum",
      -OLD."longitude" AS "longitude_sum"
    FROM "property_map_tally_levels"() l WHERE was_here
    UNION ALL
    SELECT l."level", floor(NEW."latitude" * l."per_degree")::integer, floor(NEW."longitude" * l."per_degree")::integer,
      NEW."property_type", NEW."category_id", 1, NEW."latitude", NEW."longitude"
    FROM "property_map_tally_levels"() l WHERE is_here
  ), "every_category" AS (
    SELECT * FROM "changes"
    UNION ALL
    SELECT "level", "cell_row", "cell_column", "property_type", 0, "listings", "latitude_sum", "longitude_sum"
    FROM "changes"
  )
  INSERT INTO "property_map_tally" AS t ("level", "cell_row", "cell_column", "property_type", "category_id",
    "listings", "latitude_sum", "longitude_sum")
  SELECT c."level", c."cell_row", c."cell_column", c."property_type", c."category_id", sum(c."listings")::integer,
    sum(c."latitude_sum"), sum(c."longitude_sum")
  FROM "every_category" c
  GROUP BY 1, 2, 3, 4, 5
  -- A change that cancels out (category 0 when only the category changed) writes and locks nothing.
  HAVING sum(c."listings") <> 0 OR sum(c."latitude_sum") <> 0 OR sum(c."longitude_sum") <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("level", "cell_row", "cell_column", "property_type", "category_id") DO UPDATE
    SET "listings" = t."listings" + EXCLUDED."listings", "latitude_sum" = t."latitude_sum" + EXCLUDED."latitude_sum",
      "longitude_sum" = t."longitude_sum" + EXCLUDED."longitude_sum";
  IF was_here THEN
    DELETE FROM "property_map_tally" t USING "property_map_tally_levels"() l
    WHERE t."level" = l."level" AND t."cell_row" = floor(OLD."latitude" * l."per_degree")::integer
      AND t."cell_column" = floor(OLD."longitude" * l."per_degree")::integer
      AND t."property_type" = OLD."property_type" AND t."category_id" IN (OLD."category_id", 0) AND t."listings" <= 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT "property_map_tally_rebuild"();--> statement-breakpoint
ANALYZE "property_map_tally";
