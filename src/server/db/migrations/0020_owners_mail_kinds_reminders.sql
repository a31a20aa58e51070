DROP INDEX "mail_outbox_one_notice_key";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'delivered' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "submissions_form_owner_idx" ON "submissions" USING btree ("form_id","owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_notice_key" ON "mail_outbox" USING btree ("submission_id") WHERE "mail_outbox"."kind" = 'delivered' and "mail_outbox"."resend_of" is null and "mail_outbox"."submission_id" is not null;