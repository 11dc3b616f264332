ALTER TABLE "school_settings" ADD COLUMN "logo" "bytea";--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "logo_sha256" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "meal_services" jsonb DEFAULT '{"breakfast":{"start":"07:00","end":"10:30"},"lunch":{"start":"10:30","end":"14:00"},"snack":{"start":"14:00","end":"17:00"},"supper":{"start":"17:00","end":"20:00"}}'::jsonb NOT NULL;