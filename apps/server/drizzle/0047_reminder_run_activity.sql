ALTER TABLE "reminder_runs" ADD COLUMN "active_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "reminder_runs" SET "active_at" = "started_at";
