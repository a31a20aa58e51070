ALTER TABLE "sso_codes" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_codes" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "sso_codes" ADD COLUMN "browser_hash" text;