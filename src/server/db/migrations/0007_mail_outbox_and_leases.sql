CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "submission_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "resend_of" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_outbox_submission_idx" ON "mail_outbox" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_notice_key" ON "mail_outbox" USING btree ("submission_id") WHERE "mail_outbox"."resend_of" is null and "mail_outbox"."submission_id" is not null;