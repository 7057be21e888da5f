DROP INDEX "blocked_users_pair_unique";--> statement-breakpoint
CREATE INDEX "projects_city_idx" ON "projects" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "reports_property_idx" ON "reports" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_users_admin_unique" ON "blocked_users" USING btree ("blocker_id") WHERE "blocked_users"."to_admin";--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "advertisements_property_idx" ON "advertisements" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "advertisements_project_idx" ON "advertisements" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "agent_verification_requests_user_idx" ON "agent_verification_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_users_pair_unique" ON "blocked_users" USING btree ("blocker_id","blocked_id") WHERE "blocked_users"."blocked_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_price_nonnegative" CHECK ("properties"."price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_counters_nonnegative" CHECK ("properties"."total_views" >= 0 and "properties"."total_likes" >= 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_rent_duration_only_for_rent" CHECK ("properties"."property_type" = 'rent' or "properties"."rent_duration" is null);--> statement-breakpoint
ALTER TABLE "blocked_users" ADD CONSTRAINT "blocked_users_one_target" CHECK (("blocked_users"."blocked_id" is null) = "blocked_users"."to_admin");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_one_target" CHECK (("messages"."receiver_id" is null) = "messages"."to_admin");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_not_empty" CHECK ("messages"."body" <> '' or "messages"."file" is not null or "messages"."audio" is not null);--> statement-breakpoint
ALTER TABLE "package_features" ADD CONSTRAINT "package_features_limit_nonnegative" CHECK ("package_features"."limit" is null or "package_features"."limit" >= 0);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_price_nonnegative" CHECK ("packages"."price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_duration_positive" CHECK ("packages"."duration_days" > 0);