CREATE TABLE "setup_tokens" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_tokens_single_row" CHECK ("setup_tokens"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "school_name" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "time_zone" text;