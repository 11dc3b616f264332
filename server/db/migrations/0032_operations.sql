CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"night" date,
	"file" text,
	"bytes" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"erased_by" uuid,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" text NOT NULL,
	"request_note" text,
	"withdrawn_on" date,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"epoch" integer DEFAULT 1 NOT NULL,
	"reset_at" timestamp with time zone,
	CONSTRAINT "sync_state_one_row" CHECK ("sync_state"."id"),
	CONSTRAINT "sync_state_epoch_range" CHECK ("sync_state"."epoch" between 1 and 8191)
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "erase_after_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_night_unique" ON "backup_runs" USING btree ("night") WHERE "backup_runs"."kind" = 'nightly';--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "erasures_time_idx" ON "erasures" USING btree ("erased_at");--> statement-breakpoint
INSERT INTO "sync_state" ("id", "epoch") VALUES (true, 1) ON CONFLICT DO NOTHING;
