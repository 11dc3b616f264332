ALTER TABLE "announcements" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "body_es" text;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "body_es" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "reasons_es" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "terms" jsonb DEFAULT '{}'::jsonb NOT NULL;