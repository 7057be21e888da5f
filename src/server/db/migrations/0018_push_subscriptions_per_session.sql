-- A browser's push subscription belongs to the session that made it: signing that session out (also without
-- JavaScript, which cannot ask the browser to unsubscribe) forgets it. Subscriptions made before stay until the
-- browser's next sign-in renews them or the account signs out everywhere.
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id") WHERE "push_subscriptions"."session_id" is not null;