ALTER TABLE "submissions" ADD COLUMN "reporting_rationale_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "submissions_form_rationale_missing_idx" ON "submissions" USING btree ("form_id","id") WHERE "submissions"."reporting_rationale_missing";--> statement-breakpoint
-- A submission whose current decision is reportable without a rationale (marked reportable from the list).
UPDATE "submissions" s SET "reporting_rationale_missing" = true
WHERE s."reporting_decision" = 'reportable'
  AND (SELECT d."rationale" FROM "reportability_decisions" d WHERE d."submission_id" = s."id" ORDER BY d."decided_at" DESC, d."id" DESC LIMIT 1) IS NULL;--> statement-breakpoint
-- A denied submission's clocks are closed.
UPDATE "submissions" SET "reporting_due" = NULL WHERE "submission_status" = 'Denied';
