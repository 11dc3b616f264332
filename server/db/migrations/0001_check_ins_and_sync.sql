CREATE TABLE "changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	"op" text NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scholar_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"school_day" date NOT NULL,
	"reason" text,
	"method" text DEFAULT 'kiosk' NOT NULL,
	"pick_up_id" uuid,
	"pick_up_name" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "changes_resource_idx" ON "changes" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "check_ins_day_idx" ON "check_ins" USING btree ("school_day","scholar_id");--> statement-breakpoint
CREATE INDEX "check_ins_scholar_idx" ON "check_ins" USING btree ("scholar_id","occurred_at");--> statement-breakpoint
CREATE INDEX "sync_receipts_device_idx" ON "sync_receipts" USING btree ("device_id","received_at");