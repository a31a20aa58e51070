CREATE TABLE "reportability_assessments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"outcomes" jsonb NOT NULL,
	"aware_date" date NOT NULL,
	"aware_date_reason" text,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assessed_by" text,
	"assessed_by_email" text
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "aware_date_override" date;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reporting_categories" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reportability_decisions" ADD COLUMN "categories" jsonb;--> statement-breakpoint
ALTER TABLE "reportability_decisions" ADD COLUMN "assessment_id" bigint;--> statement-breakpoint
ALTER TABLE "reportability_decisions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "reportability_assessments" ADD CONSTRAINT "reportability_assessments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reportability_assessments_submission_idx" ON "reportability_assessments" USING btree ("submission_id","assessed_at","id");--> statement-breakpoint
ALTER TABLE "reportability_decisions" ADD CONSTRAINT "reportability_decisions_assessment_id_reportability_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."reportability_assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Assessments are kept as answered: a new one (new information) never replaces an old one.
CREATE TRIGGER reportability_assessments_append_only BEFORE UPDATE OR DELETE ON reportability_assessments FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER reportability_assessments_no_truncate BEFORE TRUNCATE ON reportability_assessments FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
