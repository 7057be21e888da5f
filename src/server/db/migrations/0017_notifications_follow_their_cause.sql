ALTER TABLE "notifications" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_id" integer;--> statement-breakpoint
-- Chat notifications so far named their message in `data` only: linked to it and its sender, and the ones whose
-- message its sender deleted (their preview still showing it) removed. Earlier interest notifications do not name
-- the interested user and stay as they are.
UPDATE "notifications" n SET "message_id" = m."id", "actor_id" = m."sender_id"
FROM "messages" m
WHERE n."type" = 'chat_message' AND jsonb_typeof(n."data" -> 'message_id') = 'number'
  AND m."id" = (n."data" ->> 'message_id')::integer;--> statement-breakpoint
DELETE FROM "notifications" WHERE "type" = 'chat_message' AND "message_id" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_message_idx" ON "notifications" USING btree ("message_id") WHERE "notifications"."message_id" is not null;