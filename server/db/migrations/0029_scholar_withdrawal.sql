ALTER TABLE "demographics" ADD COLUMN "withdrawn_on" date;--> statement-breakpoint
ALTER TABLE "demographics" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
ALTER TABLE "demographics" ADD COLUMN "enrolled_on" date;