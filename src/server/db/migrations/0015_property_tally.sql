CREATE TABLE "property_tally" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"listings" integer NOT NULL,
	CONSTRAINT "property_tally_dimension_key_pk" PRIMARY KEY("dimension","key")
);
--> statement-breakpoint
-- Every public listing counted again: the migration's backfill, and bulk loads that turn the trigger off. Writers of
-- `properties` wait meanwhile, so no change is lost between the count and the table.
CREATE FUNCTION "property_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE "properties" IN SHARE MODE;
  DELETE FROM "property_tally";
  INSERT INTO "property_tally" ("dimension", "key", "listings")
  SELECT d."dimension", d."key", count(*)::integer
  FROM "properties" p
    CROSS JOIN LATERAL (VALUES ('category', p."category_id"::text), ('city', p."city_key"), ('owner', p."owner_id"::text))
      AS d ("dimension", "key")
  WHERE p."admin_status" = 'approved' AND p."status" = 'active' AND d."key" IS NOT NULL
  GROUP BY 1, 2;
$$;--> statement-breakpoint
-- A listing that becomes public or stops being public, or changes category, city or owner while public, moves one
-- count: minus one where it was, plus one where it is, in one statement that takes the rows in key order, so two
-- listings' writes lock them in the same order. The condition is the one of `publicListing`
-- (src/server/repositories/property-repository.ts).
CREATE FUNCTION "property_tally_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := TG_OP <> 'INSERT' AND OLD."admin_status" = 'approved' AND OLD."status" = 'active';
  is_public boolean := TG_OP <> 'DELETE' AND NEW."admin_status" = 'approved' AND NEW."status" = 'active';
BEGIN
  IF NOT was_public AND NOT is_public THEN
    RETURN NULL;
  END IF;
  IF was_public AND is_public AND OLD."category_id" = NEW."category_id" AND OLD."owner_id" = NEW."owner_id"
     AND OLD."city_key" IS NOT DISTINCT FROM NEW."city_key" THEN
    RETURN NULL;
  END IF;
  INSERT INTO "property_tally" AS t ("dimension", "key", "listings")
  SELECT c."dimension", c."key", sum(c."listings")::integer
  FROM (
    SELECT d."dimension", d."key", -1 AS "listings"
    FROM (VALUES ('category', OLD."category_id"::text), ('city', OLD."city_key"), ('owner', OLD."owner_id"::text))
      AS d ("dimension", "key")
    WHERE was_public
    UNION ALL
    SELECT d."dimension", d."key", 1
    FROM (VALUES ('category', NEW."category_id"::text), ('city', NEW."city_key"), ('owner', NEW."owner_id"::text))
      AS d ("dimension", "key")
    WHERE is_public
  ) c
  WHERE c."key" IS NOT NULL
  GROUP BY 1, 2
  -- A listing that stays in a category while it moves city leaves the category's row alone (and unlocked).
  HAVING sum(c."listings") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("dimension", "key") DO UPDATE SET "listings" = t."listings" + EXCLUDED."listings";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_tally_sync" AFTER INSERT OR UPDATE OF "admin_status", "status", "category_id", "city", "owner_id" OR DELETE ON "properties" FOR EACH ROW EXECUTE FUNCTION "property_tally_sync"();--> statement-breakpoint
-- TRUNCATE fires no row trigger: emptied listings leave an empty tally.
CREATE FUNCTION "property_tally_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "property_tally";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_tally_clear" AFTER TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION "property_tally_clear"();--> statement-breakpoint
SELECT "property_tally_rebuild"();--> statement-breakpoint
ANALYZE "property_tally";
