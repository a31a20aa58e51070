CREATE TABLE "email_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"arena_field_guid" text NOT NULL,
	"name" text NOT NULL,
	"predefined" boolean DEFAULT false NOT NULL,
	"predefined_value" text,
	"concatenate" boolean DEFAULT false NOT NULL,
	"concatenate_delimiter" text,
	"form_field_qid" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text[] NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"label" text NOT NULL,
	"process" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"jf_created_at" text NOT NULL,
	"jf_updated_at" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"is_new" text DEFAULT '0' NOT NULL,
	"flag" text DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submission_date" timestamp with time zone NOT NULL,
	"submitter" text DEFAULT '' NOT NULL,
	"submitter_search" text DEFAULT '' NOT NULL,
	"become_aware_date" date NOT NULL,
	"investigation_deadline" date NOT NULL,
	"submission_status" text DEFAULT 'Pending Review' NOT NULL,
	"reportable" boolean DEFAULT false NOT NULL,
	"email_delivered" boolean DEFAULT false NOT NULL,
	"followup" text,
	"ch_number" text,
	"ch_title" text,
	"arena_guid" text,
	"transfer_error" text,
	"deny_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_restricted" boolean DEFAULT false NOT NULL,
	"last_login" timestamp with time zone,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"last_failed_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_configs_email_key" ON "email_configs" USING btree ("email");--> statement-breakpoint
CREATE INDEX "field_mappings_guid_idx" ON "field_mappings" USING btree ("arena_field_guid");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "system_logs_time_idx" ON "system_logs" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "submissions_form_date_idx" ON "submissions" USING btree ("form_id","submission_date","id");--> statement-breakpoint
CREATE INDEX "submissions_form_bad_idx" ON "submissions" USING btree ("form_id","become_aware_date","id");--> statement-breakpoint
CREATE INDEX "submissions_status_idx" ON "submissions" USING btree ("submission_status","investigation_deadline");--> statement-breakpoint
CREATE INDEX "submissions_ch_number_idx" ON "submissions" USING btree ("ch_number");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");