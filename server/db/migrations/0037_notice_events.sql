CREATE TABLE "notice_events" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scholar_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"facts" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;