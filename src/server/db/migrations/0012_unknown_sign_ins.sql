CREATE TABLE "unknown_sign_ins" (
	"address" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	CONSTRAINT "unknown_sign_ins_address_minute_pk" PRIMARY KEY("address","minute")
);
--> statement-breakpoint
CREATE INDEX "unknown_sign_ins_minute_idx" ON "unknown_sign_ins" USING btree ("minute");