CREATE TABLE "reminder_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer,
	"recipient" varchar(40) NOT NULL,
	"email" varchar(254) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"machines" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "reminder_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"run_date" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"started_by" varchar(254),
	"reminders" integer DEFAULT 0 NOT NULL,
	"mails_queued" integer DEFAULT 0 NOT NULL,
	"mails_sent" integer DEFAULT 0 NOT NULL,
	"mails_failed" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"lead_days" integer[] DEFAULT '{30,7}'::int[] NOT NULL,
	"overdue" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"due_date" date NOT NULL,
	"lead_days" smallint NOT NULL,
	"recipient" varchar(40) NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "inspection_notices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_mails" ADD CONSTRAINT "reminder_mails_run_id_reminder_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reminder_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_mail_id_reminder_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."reminder_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_mails_pending_idx" ON "reminder_mails" USING btree ("id") WHERE "reminder_mails"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reminder_runs_started_idx" ON "reminder_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sent_reminders_key_uq" ON "sent_reminders" USING btree ("device_id","kind","due_date","lead_days","recipient");--> statement-breakpoint
CREATE INDEX "sent_reminders_mail_idx" ON "sent_reminders" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "incidents_date_idx" ON "incidents" USING btree ("date");--> statement-breakpoint
CREATE INDEX "services_date_state_idx" ON "services" USING btree ("date","state");--> statement-breakpoint
CREATE INDEX "services_waiting_idx" ON "services" USING btree ("date","id") WHERE "services"."state" IN ('UTWORZONY', 'DODAJ_SKAN');