-- The audit log names its subject as it was when the change was made (audit-subjects.ts writes it); rows written
-- before this column existed get the name their subject has now, where the subject is still there.
ALTER TABLE "audit_log" ADD COLUMN "entity_label" text;--> statement-breakpoint
UPDATE "audit_log" a SET "entity_label" = s."label"
FROM (
  SELECT 'property' AS "entity", "id"::text AS "id", "title" AS "label" FROM "properties"
  UNION ALL SELECT 'project', "id"::text, "title" FROM "projects"
  UNION ALL SELECT 'user', "id"::text, "name" || coalesce(' (' || "email" || ')', '') FROM "users"
  UNION ALL SELECT 'verification_request', r."id"::text, u."name" || coalesce(' (' || u."email" || ')', '')
    FROM "agent_verification_requests" r JOIN "users" u ON u."id" = r."user_id"
  UNION ALL SELECT 'advertisement', ad."id"::text, coalesce(p."title", pr."title", '')
    FROM "advertisements" ad
    LEFT JOIN "properties" p ON p."id" = ad."property_id"
    LEFT JOIN "projects" pr ON pr."id" = ad."project_id"
  UNION ALL SELECT 'report', r."id"::text, p."title" FROM "reports" r JOIN "properties" p ON p."id" = r."property_id"
  UNION ALL SELECT 'payment_transaction', t."id"::text,
      pk."name" || ': ' || u."name" || coalesce(' (' || u."email" || ')', '')
    FROM "payment_transactions" t
    JOIN "packages" pk ON pk."id" = t."package_id"
    JOIN "users" u ON u."id" = t."user_id"
  UNION ALL SELECT 'category', "id"::text, "name" FROM "categories"
  UNION ALL SELECT 'parameter', "id"::text, "name" FROM "parameters"
  UNION ALL SELECT 'facility', "id"::text, "name" FROM "facilities"
  UNION ALL SELECT 'city', "id"::text, "name" || ', ' || "state" || ', ' || "country" FROM "cities"
  UNION ALL SELECT 'report_reason', "id"::text, "reason" FROM "report_reasons"
  UNION ALL SELECT 'package', "id"::text, "name" FROM "packages"
  UNION ALL SELECT 'article_category', "id"::text, "name" FROM "article_categories"
  UNION ALL SELECT 'article', "id"::text, "title" FROM "articles"
  UNION ALL SELECT 'faq', "id"::text, "question" FROM "faqs"
  UNION ALL SELECT 'language', "id"::text, "name" || ' (' || "code" || ')' FROM "languages"
  UNION ALL SELECT 'verification_field', "id"::text, "name" FROM "agent_verification_fields"
) s
WHERE a."entity" = s."entity" AND a."entity_id" = s."id" AND a."entity_label" IS NULL;
