-- The search table carries the list page's filters (docs/decisions/033): a search for words in a category or a place
-- reads its narrow rows in that filter's newest-first order and stops at the count cap, where over `properties` it
-- fetched a whole listing row per candidate or built a bitmap of every listing holding a common word.
-- Servers of the previous version may still be writing while one runs this: no listing may change between the
-- refill and the commit (migration 0014 takes the same locks).
LOCK TABLE "properties" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "property_search" IN EXCLUSIVE MODE;--> statement-breakpoint
-- Emptied and refilled rather than updated in place: one insert per row instead of an update that leaves a dead
-- version of each behind, and every index built once over the refilled rows.
TRUNCATE "property_search";--> statement-breakpoint
DROP INDEX "property_search_idx";--> statement-breakpoint
DROP INDEX "property_search_newest_idx";--> statement-breakpoint
ALTER TABLE "property_search" ADD COLUMN "property_type" "property_type" NOT NULL;--> statement-breakpoint
ALTER TABLE "property_search" ADD COLUMN "category_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "property_search" ADD COLUMN "price_minor" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "property_search" ADD COLUMN "city_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "property_search" ADD COLUMN "state_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "property_search" ADD COLUMN "country_key" text NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."admin_status" = 'approved' AND NEW."status" = 'active' THEN
    INSERT INTO "property_search" ("property_id", "created_at", "search", "property_type", "category_id", "price_minor", "city_key", "state_key", "country_key")
    VALUES (NEW."id", NEW."created_at", NEW."search", NEW."property_type", NEW."category_id", NEW."price_minor", NEW."city_key", NEW."state_key", NEW."country_key")
    ON CONFLICT ("property_id") DO UPDATE SET "created_at" = EXCLUDED."created_at", "search" = EXCLUDED."search",
      "property_type" = EXCLUDED."property_type", "category_id" = EXCLUDED."category_id",
      "price_minor" = EXCLUDED."price_minor", "city_key" = EXCLUDED."city_key", "state_key" = EXCLUDED."state_key",
      "country_key" = EXCLUDED."country_key";
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM "property_search" WHERE "property_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The filter columns join the columns whose change rewrites a listing's row (the place keys follow city, state and
-- country, which were already there).
DROP TRIGGER "properties_search_sync" ON "properties";--> statement-breakpoint
CREATE TRIGGER "properties_search_sync" AFTER INSERT OR UPDATE OF "title", "description", "city", "state", "country", "address", "admin_status", "status", "created_at", "property_type", "category_id", "price_minor" ON "properties" FOR EACH ROW EXECUTE FUNCTION "property_search_sync"();--> statement-breakpoint
INSERT INTO "property_search" ("property_id", "created_at", "search", "property_type", "category_id", "price_minor", "city_key", "state_key", "country_key")
SELECT "id", "created_at", "search", "property_type", "category_id", "price_minor", "city_key", "state_key", "country_key" FROM "properties" WHERE "admin_status" = 'approved' AND "status" = 'active';--> statement-breakpoint
CREATE INDEX "property_search_idx" ON "property_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "property_search_newest_idx" ON "property_search" USING btree ("created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "property_search_category_newest_idx" ON "property_search" USING btree ("category_id","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "property_search_city_newest_idx" ON "property_search" USING btree ("city_key","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "property_search_state_newest_idx" ON "property_search" USING btree ("state_key","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "property_search_country_newest_idx" ON "property_search" USING btree ("country_key","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "property_search_type_newest_idx" ON "property_search" USING btree ("property_type","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
ANALYZE "property_search";
