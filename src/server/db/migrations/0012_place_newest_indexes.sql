-- A place's newest public listings with the type, category and price beside them: a page newest first filtered by
-- place and anything else reads the place's entries in order and stops at its last match, and a count reads the
-- index alone. They replace the plain state and country indexes, whose every match was a read of the table.
DROP INDEX "properties_public_state_idx";--> statement-breakpoint
DROP INDEX "properties_public_country_idx";--> statement-breakpoint
CREATE INDEX "properties_public_city_newest_idx" ON "properties" USING btree ("city_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_type", "category_id", "price_minor") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_public_state_newest_idx" ON "properties" USING btree ("state_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_type", "category_id", "price_minor") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_public_country_newest_idx" ON "properties" USING btree ("country_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_type", "category_id", "price_minor") WHERE "properties"."admin_status" = 'approved' and "properties"."status" = 'active';
