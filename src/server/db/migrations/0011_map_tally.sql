CREATE TABLE "property_map_tally" (
	"level" smallint NOT NULL,
	"cell_row" integer NOT NULL,
	"cell_column" integer NOT NULL,
	"property_type" "property_type" NOT NULL,
	"category_id" integer NOT NULL,
	"listings" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL
);
--> statement-breakpoint
-- The counts are read from the index alone: a city view adds up a few thousand of these entries.
CREATE UNIQUE INDEX "property_map_tally_cell_idx" ON "property_map_tally" USING btree ("level","cell_row","cell_column","property_type","category_id") INCLUDE ("listings", "latitude_sum", "longitude_sum");--> statement-breakpoint
-- The tally's levels as cells per degree (TALLY_LEVELS in src/server/db/schema/map-grid.ts).
CREATE FUNCTION "property_map_tally_levels"() RETURNS TABLE ("level" smallint, "per_degree" double precision)
LANGUAGE sql IMMUTABLE AS $$
  VALUES (0::smallint, 100::double precision), (1, 50), (2, 25), (3, 12.5), (4, 6.25), (5, 3.125), (6, 1.5625),
    (7, 0.78125)
$$;--> statement-breakpoint
-- Every marker counted again from `property_map`: the migration's backfill, and bulk loads that turn the trigger off.
-- Writers of `property_map` wait meanwhile, so no change is lost between the count and the table.
CREATE FUNCTION "property_map_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "property_map" IN SHARE MODE;
  DELETE FROM "property_map_tally";
  INSERT INTO "property_map_tally" ("level", "cell_row", "cell_column", "property_type", "category_id", "listings",
    "latitude_sum", "longitude_sum")
  SELECT l."level", floor(m."latitude" * l."per_degree")::integer, floor(m."longitude" * l."per_degree")::integer,
    m."property_type", m."category_id", count(*)::integer, sum(m."latitude"), sum(m."longitude")
  FROM "property_map" m CROSS JOIN "property_map_tally_levels"() l
  GROUP BY 1, 2, 3, 4, 5
  -- Stored in index order: a view's entries share table pages until vacuum marks them all-visible.
  ORDER BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
-- A marker that arrives, moves, changes type or category, or leaves moves one listing between cells on every level:
-- minus one where it was, plus one where it is, in one statement that takes the entries in key order, so two
-- listings' writes lock them in the same order. Entries left at zero are deleted.
CREATE FUNCTION "property_map_tally_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  )
  INSERT INTO "property_map_tally" AS t ("level", "cell_row", "cell_column", "property_type", "category_id",
    "listings", "latitude_sum", "longitude_sum")
  SELECT c."level", c."cell_row", c."cell_column", c."property_type", c."category_id", sum(c."listings")::integer,
    sum(c."latitude_sum"), sum(c."longitude_sum")
  FROM "changes" c
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("level", "cell_row", "cell_column", "property_type", "category_id") DO UPDATE
    SET "listings" = t."listings" + EXCLUDED."listings", "latitude_sum" = t."latitude_sum" + EXCLUDED."latitude_sum",
      "longitude_sum" = t."longitude_sum" + EXCLUDED."longitude_sum";
  IF was_here THEN
    DELETE FROM "property_map_tally" t USING "property_map_tally_levels"() l
    WHERE t."level" = l."level" AND t."cell_row" = floor(OLD."latitude" * l."per_degree")::integer
      AND t."cell_column" = floor(OLD."longitude" * l."per_degree")::integer
      AND t."property_type" = OLD."property_type" AND t."category_id" = OLD."category_id" AND t."listings" <= 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_map_tally_sync" AFTER INSERT OR UPDATE OR DELETE ON "property_map" FOR EACH ROW EXECUTE FUNCTION "property_map_tally_sync"();--> statement-breakpoint
SELECT "property_map_tally_rebuild"();--> statement-breakpoint
ANALYZE "property_map_tally";
