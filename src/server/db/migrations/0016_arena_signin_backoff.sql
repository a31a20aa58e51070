ALTER TABLE "arena_sessions" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "arena_sessions" ALTER COLUMN "obtained_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "arena_sessions" ADD COLUMN "refusals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "arena_sessions" ADD COLUMN "refusal" text;--> statement-breakpoint
ALTER TABLE "arena_sessions" ADD COLUMN "refusal_code" integer;--> statement-breakpoint
ALTER TABLE "arena_sessions" ADD COLUMN "refused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "arena_sessions" ADD COLUMN "refused_credentials" text;