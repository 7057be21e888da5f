CREATE TABLE "property_search" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "property_search" ADD CONSTRAINT "property_search_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Public listings' search documents, kept by a trigger so that every write path keeps them current. Listings
-- become searchable when approved and active and leave when anything else; deleting a listing cascades.
CREATE FUNCTION "property_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."admin_status" = 'approved' AND NEW."status" = 'active' THEN
    INSERT INTO "property_search" ("property_id", "created_at", "search")
    VALUES (NEW."id", NEW."created_at", NEW."search")
    ON CONFLICT ("property_id") DO UPDATE SET "created_at" = EXCLUDED."created_at", "search" = EXCLUDED."search";
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM "property_search" WHERE "property_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_search_sync" AFTER INSERT OR UPDATE OF "title", "description", "city", "state", "country", "address", "admin_status", "status", "created_at" ON "properties" FOR EACH ROW EXECUTE FUNCTION "property_search_sync"();--> statement-breakpoint
-- Existing listings, before the indexes are built (one build instead of an update per row).
INSERT INTO "property_search" ("property_id", "created_at", "search") SELECT "id", "created_at", "search" FROM "properties" WHERE "admin_status" = 'approved' AND "status" = 'active';--> statement-breakpoint
CREATE INDEX "property_search_idx" ON "property_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "property_search_newest_idx" ON "property_search" USING btree ("created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
-- Word frequencies for the planner from the start: without them it takes a common word for a rare one and reads
-- its whole posting list instead of stopping at the count cap.
ANALYZE "property_search";
