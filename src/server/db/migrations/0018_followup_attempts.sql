ALTER TABLE "submissions" ADD COLUMN "followup_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Submissions followed up before the count existed: one attempt per note already kept.
UPDATE "submissions" SET "followup_attempts" = n.count
FROM (SELECT "entity_id", count(*)::int AS count FROM "audit_events" WHERE "entity" = 'submission' AND "action" = 'followup' GROUP BY "entity_id") n
WHERE "submissions"."id" = n."entity_id";
