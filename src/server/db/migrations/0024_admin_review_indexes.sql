-- The admins' review queues at 1M listings took 1.2 to 1.7 s a page on PostgreSQL: each sorts by the latest change
-- (updated_at), which no index held, so PostgreSQL read every listing of the status (or all of them) to sort them.
-- An index on (admin_status, updated_at, id) gives one status's page in order, and the count awaiting review from
-- the index alone; one on (updated_at, id) gives every status together. They replace two indexes no query needed:
-- (admin_status, status, created_at), whose only use was that count, and a (latitude, longitude) index over every
-- listing, which the public one of migration 0007 serves in every plan (docs/performance.md, thirteenth session).
DROP INDEX "properties_public_recent_idx";--> statement-breakpoint
DROP INDEX "properties_location_idx";--> statement-breakpoint
CREATE INDEX "properties_review_idx" ON "properties" USING btree ("admin_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "properties_updated_idx" ON "properties" USING btree ("updated_at","id");