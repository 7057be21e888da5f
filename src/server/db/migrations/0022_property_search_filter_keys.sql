-- The leading filters' newest-first indexes of property_search carry the filters that can come after them as
-- trailing keys (docs/decisions/033): a search for words tests them in the index before it reads a row.
DROP INDEX "property_search_category_newest_idx";--> statement-breakpoint
DROP INDEX "property_search_city_newest_idx";--> statement-breakpoint
DROP INDEX "property_search_state_newest_idx";--> statement-breakpoint
DROP INDEX "property_search_country_newest_idx";--> statement-breakpoint
DROP INDEX "property_search_type_newest_idx";--> statement-breakpoint
CREATE INDEX "property_search_category_newest_idx" ON "property_search" USING btree ("category_id","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST,"property_type","price_minor");--> statement-breakpoint
CREATE INDEX "property_search_city_newest_idx" ON "property_search" USING btree ("city_key","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST,"category_id","property_type","price_minor");--> statement-breakpoint
CREATE INDEX "property_search_state_newest_idx" ON "property_search" USING btree ("state_key","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST,"category_id","property_type","price_minor");--> statement-breakpoint
CREATE INDEX "property_search_country_newest_idx" ON "property_search" USING btree ("country_key","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST,"category_id","property_type","price_minor");--> statement-breakpoint
CREATE INDEX "property_search_type_newest_idx" ON "property_search" USING btree ("property_type","created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST,"price_minor");