CREATE TABLE "complaint_field_questions" (
	"field" text PRIMARY KEY NOT NULL,
	"qid" text NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_codes" (
	"submission_id" text NOT NULL,
	"code" text NOT NULL,
	"annex" text NOT NULL,
	"release" text NOT NULL,
	"coded_by_id" text,
	"coded_by_email" text,
	"coded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_codes_submission_id_code_pk" PRIMARY KEY("submission_id","code")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "product" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "lot" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "udi" text;--> statement-breakpoint
ALTER TABLE "submission_codes" ADD CONSTRAINT "submission_codes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_codes_code_idx" ON "submission_codes" USING btree ("code","submission_id");--> statement-breakpoint
CREATE INDEX "submissions_form_product_idx" ON "submissions" USING btree ("form_id","product","id") WHERE "submissions"."product" is not null;--> statement-breakpoint
CREATE INDEX "submissions_form_model_idx" ON "submissions" USING btree ("form_id","model","id") WHERE "submissions"."model" is not null;--> statement-breakpoint
CREATE INDEX "submissions_form_lot_idx" ON "submissions" USING btree ("form_id","lot","id") WHERE "submissions"."lot" is not null;--> statement-breakpoint
CREATE INDEX "submissions_form_udi_idx" ON "submissions" USING btree ("form_id","udi","id") WHERE "submissions"."udi" is not null;