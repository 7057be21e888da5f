-- The admins' review queues at 1M listings (docs/performance.md, thirteenth session).
-- A city filter compared the names case-insensitively (ILIKE), which no index answers: a city with no listings read
-- every listing in order of the latest change, 0.6 to 1.8 s. The queues now compare the lower-cased city key, and the
-- first index gives a city's listings in that order, any status.
-- A search by title matched a substring of every title, reading every listing (6 s). It now matches the title's
-- words, or their starts, through a text index of the titles alone: the listings' search document holds the
-- descriptions too, so PostgreSQL's statistics of it counted a word common in descriptions as common in titles and
-- read every listing newest first looking for a title that had it (5 s for a word no title holds).
CREATE INDEX "properties_review_city_idx" ON "properties" USING btree ("city_key","updated_at","id");--> statement-breakpoint
CREATE INDEX "properties_title_words_idx" ON "properties" USING gin (to_tsvector('simple', "title"));--> statement-breakpoint
CREATE INDEX "projects_title_words_idx" ON "projects" USING gin (to_tsvector('simple', "title"));