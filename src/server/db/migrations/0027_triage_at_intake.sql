CREATE TABLE "screening_questions" (
	"kind" text PRIMARY KEY NOT NULL,
	"qid" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "potential_reportable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "potential_reportable_kinds" text[];--> statement-breakpoint
CREATE INDEX "submissions_form_potential_idx" ON "submissions" USING btree ("form_id","id") WHERE "submissions"."potential_reportable_at" is not null;