DROP INDEX "properties_city_idx";--> statement-breakpoint
DROP INDEX "properties_state_idx";--> statement-breakpoint
DROP INDEX "properties_country_idx";--> statement-breakpoint
DROP INDEX "properties_public_city_search_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "city_key" text GENERATED ALWAYS AS (lower("city")) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "state_key" text GENERATED ALWAYS AS (lower("state")) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "country_key" text GENERATED ALWAYS AS (lower("country")) STORED;--> statement-breakpoint
CREATE INDEX "properties_public_state_idx" ON "properties" USING btree ("state_key") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_public_country_idx" ON "properties" USING btree ("country_key") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_public_owner_idx" ON "properties" USING btree ("owner_id") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_public_location_idx" ON "properties" USING btree ("latitude","longitude","created_at","id") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_public_city_search_idx" ON "properties" USING btree ("city_key","property_type","category_id","price_minor","created_at","id") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';