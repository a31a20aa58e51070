CREATE TABLE "filed_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"regime" text NOT NULL,
	"reported_on" date NOT NULL,
	"reference" text NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filed_by" text,
	"filed_by_email" text
);
--> statement-breakpoint
CREATE TABLE "followup_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" text,
	"author_email" text
);
--> statement-breakpoint
CREATE TABLE "reportability_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"decision" text NOT NULL,
	"rationale" text,
	"regimes" text[] NOT NULL,
	"category" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_by_email" text
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reporting_decision" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reporting_category" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reporting_regimes" text[];--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reporting_reports" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reporting_due" date;--> statement-breakpoint
ALTER TABLE "filed_reports" ADD CONSTRAINT "filed_reports_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_notes" ADD CONSTRAINT "followup_notes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportability_decisions" ADD CONSTRAINT "reportability_decisions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filed_reports_submission_idx" ON "filed_reports" USING btree ("submission_id","filed_at","id");--> statement-breakpoint
CREATE INDEX "followup_notes_submission_idx" ON "followup_notes" USING btree ("submission_id","at","id");--> statement-breakpoint
CREATE INDEX "reportability_decisions_submission_idx" ON "reportability_decisions" USING btree ("submission_id","decided_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "submissions_form_reporting_due_idx" ON "submissions" USING btree ("form_id","reporting_due","id") WHERE "submissions"."reporting_due" is not null;--> statement-breakpoint
CREATE INDEX "submissions_form_decision_idx" ON "submissions" USING btree ("form_id","reporting_decision","id");--> statement-breakpoint
-- Follow-up notes, decisions and filed reports are quality records: append-only like the audit trail.
CREATE OR REPLACE FUNCTION complaint_file_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER followup_notes_append_only BEFORE UPDATE OR DELETE ON followup_notes FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER followup_notes_no_truncate BEFORE TRUNCATE ON followup_notes FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER reportability_decisions_append_only BEFORE UPDATE OR DELETE ON reportability_decisions FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER reportability_decisions_no_truncate BEFORE TRUNCATE ON reportability_decisions FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER filed_reports_append_only BEFORE UPDATE OR DELETE ON filed_reports FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER filed_reports_no_truncate BEFORE TRUNCATE ON filed_reports FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
-- The follow-up text saved so far becomes the first note, attributed from the audit trail where it can be.
INSERT INTO followup_notes (submission_id, text, at, author_id, author_email)
SELECT s.id, s.followup, coalesce(a.at, s.modified_at), a.actor_id, a.actor_email
FROM submissions s
LEFT JOIN LATERAL (
  SELECT at, actor_id, actor_email FROM audit_events e
  WHERE e.entity = 'submission' AND e.entity_id = s.id AND e.action = 'followup'
  ORDER BY at DESC, id DESC LIMIT 1
) a ON true
WHERE s.followup IS NOT NULL AND s.followup <> '';
--> statement-breakpoint
-- A submission already marked reportable was decided through the mark-reportable call: a decision without category or rationale.
INSERT INTO reportability_decisions (submission_id, decision, rationale, regimes, category, decided_at, decided_by, decided_by_email)
SELECT s.id, 'reportable', NULL, '{}', NULL, coalesce(a.at, s.modified_at), a.actor_id, a.actor_email
FROM submissions s
LEFT JOIN LATERAL (
  SELECT at, actor_id, actor_email FROM audit_events e
  WHERE e.entity = 'submission' AND e.entity_id = s.id AND e.action = 'mark reportable'
  ORDER BY at DESC, id DESC LIMIT 1
) a ON true
WHERE s.reportable;
--> statement-breakpoint
UPDATE submissions SET reporting_decision = 'reportable' WHERE reportable;
