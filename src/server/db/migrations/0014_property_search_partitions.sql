-- The search-box table in four hash partitions of the listing id (docs/decisions/025). A text search counts at
-- most 1,001 matches; on one table PostgreSQL first decodes the whole posting list of every word in the query (22 to
-- 55 ms at 1M listings for three common words), on a partition a quarter of each, and the count stops after the
-- partitions that hold enough. The newest-first page merges the partitions' date indexes in order.
-- Servers of the previous version may still be writing while one runs this: no listing may change between the copy
-- and the swap, or its search row would be lost or left stale. Reads go on until the swap; writes wait for the commit.
LOCK TABLE "properties" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "property_search" IN EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "property_search_partitioned" (
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL,
	CONSTRAINT "property_search_partitioned_pkey" PRIMARY KEY ("property_id")
) PARTITION BY HASH ("property_id");--> statement-breakpoint
CREATE TABLE "property_search_0" PARTITION OF "property_search_partitioned" FOR VALUES WITH (MODULUS 4, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "property_search_1" PARTITION OF "property_search_partitioned" FOR VALUES WITH (MODULUS 4, REMAINDER 1);--> statement-breakpoint
CREATE TABLE "property_search_2" PARTITION OF "property_search_partitioned" FOR VALUES WITH (MODULUS 4, REMAINDER 2);--> statement-breakpoint
CREATE TABLE "property_search_3" PARTITION OF "property_search_partitioned" FOR VALUES WITH (MODULUS 4, REMAINDER 3);--> statement-breakpoint
INSERT INTO "property_search_partitioned" ("property_id", "created_at", "search") SELECT "property_id", "created_at", "search" FROM "property_search";--> statement-breakpoint
DROP TABLE "property_search";--> statement-breakpoint
ALTER TABLE "property_search_partitioned" RENAME TO "property_search";--> statement-breakpoint
ALTER TABLE "property_search" RENAME CONSTRAINT "property_search_partitioned_pkey" TO "property_search_pkey";--> statement-breakpoint
ALTER TABLE "property_search" ADD CONSTRAINT "property_search_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Indexes after the copy (one build each), on the parent: each partition gets its own.
CREATE INDEX "property_search_idx" ON "property_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "property_search_newest_idx" ON "property_search" USING btree ("created_at" DESC NULLS FIRST,"property_id" DESC NULLS FIRST);--> statement-breakpoint
-- Word frequencies for the planner (autovacuum, or the server's maintenance on PGlite, analyzes the partitions).
ANALYZE "property_search";
