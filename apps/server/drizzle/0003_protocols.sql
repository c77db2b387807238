CREATE TABLE "configuration" (
	"name" varchar(200) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" varchar(1000) NOT NULL,
	"order_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_protocols" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"file_id" integer,
	"signed_at" timestamp with time zone,
	"sent_to" varchar(254),
	"sent_at" timestamp with time zone,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_protocols" ADD CONSTRAINT "service_protocols_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_protocols" ADD CONSTRAINT "service_protocols_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_protocols" ADD CONSTRAINT "service_protocols_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;