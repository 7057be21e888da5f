-- A statement writing many listings at once (an owner's account deleted with its listings, an import) wrote the
-- markers and both count tables listing by listing: a count row was updated once per listing, and each update walked
-- the versions the transaction had made of it before, so 1,000 listings in one place took seconds and 2,000 four
-- times as long (docs/decisions/028). Inserts and deletes now move a whole statement's listings at once, through
-- statement triggers that read the statement's rows from transition tables. An update of a listing stays a row
-- trigger: only a row trigger can be limited to the columns that matter, and the view counter updates many listings
-- in one statement without changing a count.
-- Servers of the previous version may be using the tables meanwhile: the locks the trigger changes need are taken
-- first, so those servers' open transactions finish before the swap and their later ones wait for it (a weaker
-- lock first would have to be raised halfway, and a transaction that had read a listing and then wrote it would
-- deadlock with the migration). Nothing here rewrites a table: the wait lasts milliseconds.
LOCK TABLE "properties", "property_map" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
-- The cascade deleted markers one statement per listing, so the tally's statement triggers would still have counted
-- one listing at a time; the listings' delete trigger below removes a statement's markers in one.
ALTER TABLE "property_map" DROP CONSTRAINT "property_map_property_id_properties_id_fk";--> statement-breakpoint
DROP TRIGGER "properties_map_sync" ON "properties";--> statement-breakpoint
DROP TRIGGER "property_map_tally_sync" ON "property_map";--> statement-breakpoint
DROP TRIGGER "properties_tally_sync" ON "properties";--> statement-breakpoint
DROP TRIGGER "properties_tally_clear" ON "properties";--> statement-breakpoint
DROP FUNCTION "property_tally_clear"();--> statement-breakpoint
-- The markers of these listings made what the listings are now: a marker while a listing is approved, active and
-- placed, none otherwise. The delete reads the table as it was before the upsert, so it only meets markers the
-- upsert did not write.
CREATE FUNCTION "property_map_refresh"("listing_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH "shown" AS (
    INSERT INTO "property_map" ("property_id", "created_at", "latitude", "longitude", "property_type", "category_id",
      "price_minor", "slug", "title")
    SELECT p."id", p."created_at", p."latitude", p."longitude", p."property_type", p."category_id", p."price_minor",
      p."slug", p."title"
    FROM "properties" p
    WHERE p."id" = ANY ("listing_ids") AND p."admin_status" = 'approved' AND p."status" = 'active'
      AND p."latitude" IS NOT NULL AND p."longitude" IS NOT NULL
    ON CONFLICT ("property_id") DO UPDATE SET "created_at" = EXCLUDED."created_at", "latitude" = EXCLUDED."latitude",
      "longitude" = EXCLUDED."longitude", "property_type" = EXCLUDED."property_type",
      "category_id" = EXCLUDED."category_id", "price_minor" = EXCLUDED."price_minor", "slug" = EXCLUDED."slug",
      "title" = EXCLUDED."title"
    RETURNING "property_id"
  )
  DELETE FROM "property_map" m
  WHERE m."property_id" = ANY ("listing_ids") AND m."property_id" NOT IN (SELECT "property_id" FROM "shown");
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_map_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM "property_map_refresh"(ARRAY[NEW."id"]);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "property_map_refresh"(ARRAY(SELECT "id" FROM "arrived"));
  ELSE
    DELETE FROM "property_map" WHERE "property_id" IN (SELECT "id" FROM "departed");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_map_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "property_map_sync"();--> statement-breakpoint
CREATE TRIGGER "properties_map_update" AFTER UPDATE OF "title", "slug", "price_minor", "property_type", "category_id", "latitude", "longitude", "admin_status", "status", "created_at" ON "properties" FOR EACH ROW EXECUTE FUNCTION "property_map_sync"();--> statement-breakpoint
CREATE TRIGGER "properties_map_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "property_map_sync"();--> statement-breakpoint
-- Markers that left and markers that arrived, counted out of and into every level's cells (per category and as
-- category 0) in one upsert taking the entries in key order, so two writers lock them in the same order. A change
-- that cancels out (a marker renamed, or moved within its cells) writes and locks nothing; entries left at zero go.
CREATE FUNCTION "property_map_tally_move"("departed" "property_map"[], "arrived" "property_map"[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH "changes" AS (
    SELECT -1 AS "listings", m."latitude", m."longitude", m."property_type", m."category_id" FROM unnest("departed") m
    UNION ALL
    SELECT 1, m."latitude", m."longitude", m."property_type", m."category_id" FROM unnest("arrived") m
  )
  INSERT INTO "property_map_tally" AS t ("level", "cell_row", "cell_column", "property_type", "category_id",
    "listings", "latitude_sum", "longitude_sum")
  SELECT l."level", floor(c."latitude" * l."per_degree")::integer, floor(c."longitude" * l."per_degree")::integer,
    c."property_type", k."category_id", sum(c."listings")::integer, sum(c."listings" * c."latitude"),
    sum(c."listings" * c."longitude")
  FROM "changes" c CROSS JOIN "property_map_tally_levels"() l
    CROSS JOIN LATERAL (VALUES (c."category_id"), (0)) AS k ("category_id")
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c."listings") <> 0 OR sum(c."listings" * c."latitude") <> 0 OR sum(c."listings" * c."longitude") <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("level", "cell_row", "cell_column", "property_type", "category_id") DO UPDATE
    SET "listings" = t."listings" + EXCLUDED."listings", "latitude_sum" = t."latitude_sum" + EXCLUDED."latitude_sum",
      "longitude_sum" = t."longitude_sum" + EXCLUDED."longitude_sum";
  DELETE FROM "property_map_tally" t
  USING unnest("departed") m CROSS JOIN "property_map_tally_levels"() l
  WHERE t."level" = l."level" AND t."cell_row" = floor(m."latitude" * l."per_degree")::integer
    AND t."cell_column" = floor(m."longitude" * l."per_degree")::integer AND t."property_type" = m."property_type"
    AND t."category_id" IN (m."category_id", 0) AND t."listings" <= 0;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_map_tally_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An upsert fires the insert and update triggers whichever it did, a listing's refresh the delete trigger too:
  -- most calls have nothing to count (no rows, or an update that changed no counted column).
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT FROM "arrived") THEN
      PERFORM "property_map_tally_move"('{}', ARRAY(SELECT m::"property_map" FROM "arrived" m));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT FROM "departed") THEN
      PERFORM "property_map_tally_move"(ARRAY(SELECT m::"property_map" FROM "departed" m), '{}');
    END IF;
  ELSIF EXISTS (
    SELECT FROM "departed" d JOIN "arrived" a USING ("property_id")
    WHERE (d."latitude", d."longitude", d."property_type", d."category_id")
      IS DISTINCT FROM (a."latitude", a."longitude", a."property_type", a."category_id")
  ) THEN
    PERFORM "property_map_tally_move"(ARRAY(SELECT m::"property_map" FROM "departed" m),
      ARRAY(SELECT m::"property_map" FROM "arrived" m));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_map_tally_insert" AFTER INSERT ON "property_map" REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "property_map_tally_sync"();--> statement-breakpoint
CREATE TRIGGER "property_map_tally_update" AFTER UPDATE ON "property_map" REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "property_map_tally_sync"();--> statement-breakpoint
CREATE TRIGGER "property_map_tally_delete" AFTER DELETE ON "property_map" REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "property_map_tally_sync"();--> statement-breakpoint
-- A listing's counts while it is public (the condition of `publicListing` in
-- src/server/repositories/property-repository.ts): one per category, city key and owner, of `change` listings.
CREATE FUNCTION "property_tally_changes"("listing" "properties", "change" integer) RETURNS SETOF "property_tally"
LANGUAGE sql IMMUTABLE AS $$
  SELECT d."dimension", d."key", "change"
  FROM (VALUES ('category', ("listing")."category_id"::text), ('city', ("listing")."city_key"),
    ('owner', ("listing")."owner_id"::text)) AS d ("dimension", "key")
  WHERE ("listing")."admin_status" = 'approved' AND ("listing")."status" = 'active' AND d."key" IS NOT NULL
$$;--> statement-breakpoint
-- Changes added to the counts in one upsert taking the rows in key order; a count a change leaves as it was is left
-- alone (and unlocked).
CREATE FUNCTION "property_tally_add"("changes" "property_tally"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "property_tally" AS t ("dimension", "key", "listings")
  SELECT c."dimension", c."key", sum(c."listings")::integer
  FROM unnest("changes") c
  GROUP BY 1, 2
  HAVING sum(c."listings") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("dimension", "key") DO UPDATE SET "listings" = t."listings" + EXCLUDED."listings";
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_tally_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM "property_tally_add"(ARRAY(SELECT c FROM "property_tally_changes"(OLD, -1) c
      UNION ALL SELECT c FROM "property_tally_changes"(NEW, 1) c));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "property_tally_add"(ARRAY(SELECT c FROM "arrived" p CROSS JOIN LATERAL "property_tally_changes"(p::"properties", 1) c));
  ELSE
    PERFORM "property_tally_add"(ARRAY(SELECT c FROM "departed" p CROSS JOIN LATERAL "property_tally_changes"(p::"properties", -1) c));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_tally_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "property_tally_sync"();--> statement-breakpoint
CREATE TRIGGER "properties_tally_update" AFTER UPDATE OF "admin_status", "status", "category_id", "city", "owner_id" ON "properties" FOR EACH ROW EXECUTE FUNCTION "property_tally_sync"();--> statement-breakpoint
CREATE TRIGGER "properties_tally_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "property_tally_sync"();--> statement-breakpoint
-- The rebuild counts through the same function as the trigger.
CREATE OR REPLACE FUNCTION "property_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "properties" IN SHARE MODE;
  DELETE FROM "property_tally";
  INSERT INTO "property_tally" ("dimension", "key", "listings")
  SELECT c."dimension", c."key", sum(c."listings")::integer
  FROM "properties" p CROSS JOIN LATERAL "property_tally_changes"(p, 1) c
  GROUP BY 1, 2;
$$;--> statement-breakpoint
-- TRUNCATE fires no row or delete trigger, and no cascade reaches the markers now: emptied listings leave no marker
-- and no count.
CREATE FUNCTION "property_derived_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "property_map", "property_map_tally", "property_tally";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_derived_clear" AFTER TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION "property_derived_clear"();
