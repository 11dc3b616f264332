CREATE TABLE "google_sync_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" uuid
);
--> statement-breakpoint
CREATE TABLE "google_sync_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key_encrypted" text,
	"client_email" text,
	"subject" text,
	"calendar_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"classroom_enabled" boolean DEFAULT false NOT NULL,
	"calendar_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_sync_state" (
	"key" text PRIMARY KEY NOT NULL,
	"sync_token" text,
	"updated_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "google_sync_runs_started_idx" ON "google_sync_runs" USING btree ("kind","started_at");--> statement-breakpoint
INSERT INTO "google_sync_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
