CREATE TABLE "property_map" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"property_type" "property_type" NOT NULL,
	"category_id" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"fine_cell" integer GENERATED ALWAYS AS ((floor("latitude" * 20)::integer + 1800) * 7201 + floor("longitude" * 20)::integer + 3600) STORED,
	"coarse_cell" integer GENERATED ALWAYS AS ((floor("latitude" * 2)::integer + 180) * 721 + floor("longitude" * 2)::integer + 360) STORED
);
--> statement-breakpoint
ALTER TABLE "property_map" ADD CONSTRAINT "property_map_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Public listings with a place, as map markers, kept by a trigger so that every write path keeps them current.
-- A listing is on the map while approved, active and placed, and leaves when anything else; deleting it cascades.
CREATE FUNCTION "property_map_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."admin_status" = 'approved' AND NEW."status" = 'active'
     AND NEW."latitude" IS NOT NULL AND NEW."longitude" IS NOT NULL THEN
    INSERT INTO "property_map" ("property_id", "created_at", "latitude", "longitude", "property_type", "category_id",
      "price_minor", "slug", "title")
    VALUES (NEW."id", NEW."created_at", NEW."latitude", NEW."longitude", NEW."property_type", NEW."category_id",
      NEW."price_minor", NEW."slug", NEW."title")
    ON CONFLICT ("property_id") DO UPDATE SET "created_at" = EXCLUDED."created_at", "latitude" = EXCLUDED."latitude",
      "longitude" = EXCLUDED."longitude", "property_type" = EXCLUDED."property_type",
      "category_id" = EXCLUDED."category_id", "price_minor" = EXCLUDED."price_minor", "slug" = EXCLUDED."slug",
      "title" = EXCLUDED."title";
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM "property_map" WHERE "property_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_map_sync" AFTER INSERT OR UPDATE OF "title", "slug", "price_minor", "property_type", "category_id", "latitude", "longitude", "admin_status", "status", "created_at" ON "properties" FOR EACH ROW EXECUTE FUNCTION "property_map_sync"();--> statement-breakpoint
-- Existing listings, before the indexes are built (one build instead of an update per row).
INSERT INTO "property_map" ("property_id", "created_at", "latitude", "longitude", "property_type", "category_id", "price_minor", "slug", "title") SELECT "id", "created_at", "latitude", "longitude", "property_type", "category_id", "price_minor", "slug", "title" FROM "properties" WHERE "admin_status" = 'approved' AND "status" = 'active' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
-- Each cell's markers newest first, with every column a marker shows or a map search filters on, so that a view
-- reads its cells' markers from the index alone.
CREATE INDEX "property_map_fine_idx" ON "property_map" USING btree ("fine_cell","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST) INCLUDE ("latitude", "longitude", "property_type", "category_id", "price_minor", "slug", "title");--> statement-breakpoint
CREATE INDEX "property_map_coarse_idx" ON "property_map" USING btree ("coarse_cell","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST) INCLUDE ("latitude", "longitude", "property_type", "category_id", "price_minor", "slug", "title");--> statement-breakpoint
ANALYZE "property_map";
