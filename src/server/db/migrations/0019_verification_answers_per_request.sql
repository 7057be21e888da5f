-- Answers belong to an application (agent_verification_requests), not to the user: a re-application used to
-- overwrite the answers a failed request had been judged on. Existing answers move to the user's latest request.
ALTER TABLE "agent_verification_values" DROP CONSTRAINT "agent_verification_values_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "agent_verification_values_unique";--> statement-breakpoint
ALTER TABLE "agent_verification_values" ADD COLUMN "request_id" integer;--> statement-breakpoint
-- Answers without any request cannot come from the application (they are written with their request in one
-- transaction); should some exist, they become an application in the user's state (awaiting review when the user
-- had none), so nothing is lost.
UPDATE "users" SET "verification_status" = 'pending'
WHERE "verification_status" = 'initial'
  AND EXISTS (SELECT 1 FROM "agent_verification_values" v WHERE v."user_id" = "users"."id")
  AND NOT EXISTS (SELECT 1 FROM "agent_verification_requests" r WHERE r."user_id" = "users"."id");--> statement-breakpoint
INSERT INTO "agent_verification_requests" ("user_id", "status", "created_at")
SELECT u."id", u."verification_status", coalesce((SELECT max(v."updated_at") FROM "agent_verification_values" v WHERE v."user_id" = u."id"), now())
FROM "users" u
WHERE EXISTS (SELECT 1 FROM "agent_verification_values" v WHERE v."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "agent_verification_requests" r WHERE r."user_id" = u."id");--> statement-breakpoint
UPDATE "agent_verification_values" v SET "request_id" = (
  SELECT r."id" FROM "agent_verification_requests" r WHERE r."user_id" = v."user_id"
  ORDER BY r."created_at" DESC, r."id" DESC LIMIT 1
);--> statement-breakpoint
ALTER TABLE "agent_verification_values" ALTER COLUMN "request_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_verification_values" ADD CONSTRAINT "agent_verification_values_request_id_agent_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."agent_verification_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_verification_values_request_field_unique" ON "agent_verification_values" USING btree ("request_id","field_id");--> statement-breakpoint
ALTER TABLE "agent_verification_values" DROP COLUMN "user_id";
