CREATE TABLE "arena_sessions" (
	"account" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"obtained_at" timestamp with time zone NOT NULL
);
