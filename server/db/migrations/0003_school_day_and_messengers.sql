CREATE TABLE "messenger_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scholar_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"post" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"start_time" text DEFAULT '08:00' NOT NULL,
	"late_after_minutes" integer DEFAULT 0 NOT NULL,
	"late_reasons" jsonb NOT NULL,
	"departure_reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_schedules" ADD CONSTRAINT "messenger_schedules_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messenger_schedules_day_idx" ON "messenger_schedules" USING btree ("weekday","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_arrival_per_day" ON "check_ins" USING btree ("scholar_id","school_day") WHERE "check_ins"."kind" = 'arrival';