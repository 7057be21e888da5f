-- The listing tables are vacuumed after 2 % of their rows have changed, not autovacuum's default 20 %. Searches read
-- these tables newest first from index-only scans, and the newest rows are the ones that change: new listings, edits,
-- deletions, the views added every few seconds. Until a vacuum marks their pages all-visible, each of those reads also
-- visits the table (at 1M listings, after 90,000 listings were added and rolled back, a filtered search sent 393 of
-- its index entries to the table and read 3,545 buffers instead of 1,938: 2.5 times the database's CPU per search;
-- docs/performance.md, eleventh session). At the default a vacuum waits for 200,000 changed rows. The embedded
-- database's maintenance (src/server/db/maintenance.ts) reads the same settings.
ALTER TABLE "properties" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "property_map" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
-- A partitioned table is vacuumed partition by partition, and takes no such settings itself.
ALTER TABLE "property_search_0" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "property_search_1" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "property_search_2" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "property_search_3" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
