CREATE TABLE "signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"kind" text NOT NULL,
	"meaning" text NOT NULL,
	"signer_id" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"method" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"snapshot" text NOT NULL,
	"snapshot_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "closure_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"action" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_id" text,
	"by_email" text
);
--> statement-breakpoint
CREATE TABLE "complaint_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"outcome" text NOT NULL,
	"replied_on" date,
	"channel" text,
	"text" text,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	"by_id" text,
	"by_email" text
);
--> statement-breakpoint
CREATE TABLE "investigations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"outcome" text NOT NULL,
	"summary" text,
	"result" text,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	"by_id" text,
	"by_email" text
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_tokens" ADD CONSTRAINT "signing_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closure_events" ADD CONSTRAINT "closure_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_replies" ADD CONSTRAINT "complaint_replies_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigations" ADD CONSTRAINT "investigations_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signatures_submission_idx" ON "signatures" USING btree ("submission_id","kind","signed_at","id");--> statement-breakpoint
CREATE INDEX "signing_tokens_expires_idx" ON "signing_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "closure_events_submission_idx" ON "closure_events" USING btree ("submission_id","at","id");--> statement-breakpoint
CREATE INDEX "complaint_replies_submission_idx" ON "complaint_replies" USING btree ("submission_id","at","id");--> statement-breakpoint
CREATE INDEX "investigations_submission_idx" ON "investigations" USING btree ("submission_id","at","id");--> statement-breakpoint
CREATE INDEX "submissions_form_closed_idx" ON "submissions" USING btree ("form_id","id") WHERE "submissions"."closed_at" is not null;--> statement-breakpoint
-- Signatures, investigations, replies and closes are quality records: append-only like the audit trail (complaint_file_refuse_change is 0010's).
CREATE TRIGGER signatures_append_only BEFORE UPDATE OR DELETE ON signatures FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signatures_no_truncate BEFORE TRUNCATE ON signatures FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER investigations_append_only BEFORE UPDATE OR DELETE ON investigations FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER investigations_no_truncate BEFORE TRUNCATE ON investigations FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER complaint_replies_append_only BEFORE UPDATE OR DELETE ON complaint_replies FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER complaint_replies_no_truncate BEFORE TRUNCATE ON complaint_replies FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER closure_events_append_only BEFORE UPDATE OR DELETE ON closure_events FOR EACH ROW EXECUTE FUNCTION complaint_file_refuse_change();
--> statement-breakpoint
CREATE TRIGGER closure_events_no_truncate BEFORE TRUNCATE ON closure_events FOR EACH STATEMENT EXECUTE FUNCTION complaint_file_refuse_change();
