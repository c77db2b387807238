CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"service_review_operations_list" text DEFAULT '[]' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(100) NOT NULL,
	"full_name" varchar(255) DEFAULT '' NOT NULL,
	"street_address" varchar(255) DEFAULT '' NOT NULL,
	"zip_code" varchar(20) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"province" varchar(40) DEFAULT '' NOT NULL,
	"nip" varchar(20) DEFAULT '' NOT NULL,
	"regon" varchar(20) DEFAULT '' NOT NULL,
	"phone_number" varchar(50) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) DEFAULT 'EXTERNAL' NOT NULL,
	"name" varchar(255) NOT NULL,
	"category_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"serial_number" varchar(100) DEFAULT '' NOT NULL,
	"source_power" varchar(100) DEFAULT '' NOT NULL,
	"transfer_date" date,
	"warranty_length" integer DEFAULT 0 NOT NULL,
	"warranty" varchar(255) DEFAULT '' NOT NULL,
	"street_address" varchar(255) DEFAULT '' NOT NULL,
	"zip_code" varchar(20) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"province" varchar(40) DEFAULT '' NOT NULL,
	"status" varchar(20) DEFAULT 'PRODUCTION' NOT NULL,
	"status_weight" smallint DEFAULT 1 NOT NULL,
	"gps_latitude" double precision,
	"gps_longitude" double precision,
	"is_periodic_inspection_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(20) NOT NULL,
	"device_id" integer,
	"service_id" integer,
	"filename" varchar(255) NOT NULL,
	"storage_name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content_type" varchar(150) DEFAULT 'application/octet-stream' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"user_created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageName_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"service_id" integer,
	"user_created_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_summaries" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"last_period" integer DEFAULT -1 NOT NULL,
	"last_inspection" date,
	"next_inspection" date,
	"listed" boolean DEFAULT false NOT NULL,
	"actual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"timestmp" bigint NOT NULL,
	"formatted_message" text NOT NULL,
	"arg0" varchar(254),
	"arg1" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "device_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"text" text NOT NULL,
	"user_created_id" integer NOT NULL,
	"user_updated_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"serial_number" varchar(100) DEFAULT '' NOT NULL,
	"producer" varchar(255) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_devices" (
	"service_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "service_devices_service_id_device_id_pk" PRIMARY KEY("service_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"number" integer DEFAULT 0 NOT NULL,
	"number_extension" varchar(1) DEFAULT '' NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"payment_type" varchar(30) DEFAULT 'PLATNA' NOT NULL,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_id" integer NOT NULL,
	"is_to_sign" boolean DEFAULT false NOT NULL,
	"fault_description" text DEFAULT '' NOT NULL,
	"period" integer DEFAULT -1 NOT NULL,
	"state" varchar(20) DEFAULT 'UTWORZONY' NOT NULL,
	"user_created_id" integer NOT NULL,
	"has_internal" boolean DEFAULT false NOT NULL,
	"has_external" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"to_do_status" varchar(10) DEFAULT 'TODO' NOT NULL,
	"service_id" integer,
	"user_created_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" varchar(100) NOT NULL,
	"first_name" varchar(100) DEFAULT '' NOT NULL,
	"last_name" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"vacation_days" integer DEFAULT 0 NOT NULL,
	"roles" text[] DEFAULT '{USER}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_summaries" ADD CONSTRAINT "inspection_summaries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_notes" ADD CONSTRAINT "device_notes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_notes" ADD CONSTRAINT "device_notes_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_notes" ADD CONSTRAINT "device_notes_user_updated_id_users_id_fk" FOREIGN KEY ("user_updated_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_devices" ADD CONSTRAINT "service_devices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_devices" ADD CONSTRAINT "service_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_short_name_lower_uq" ON "customers" USING btree (lower("short_name"));--> statement-breakpoint
CREATE INDEX "customers_full_name_trgm" ON "customers" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_type_weight_idx" ON "devices" USING btree ("type","status_weight","id");--> statement-breakpoint
CREATE INDEX "devices_customer_idx" ON "devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "devices_category_idx" ON "devices" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "devices_transfer_date_idx" ON "devices" USING btree ("type","transfer_date");--> statement-breakpoint
CREATE INDEX "devices_serial_trgm" ON "devices" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_city_trgm" ON "devices" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_search_trgm" ON "devices" USING gin (("id"::text || chr(31) || "name" || chr(31) || "serial_number" || chr(31) || "street_address" || chr(31) || "zip_code" || chr(31) || "city" || chr(31) || "province" || chr(31) || "warranty" || chr(31) || "warranty_length"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_device_type_idx" ON "files" USING btree ("device_id","type");--> statement-breakpoint
CREATE INDEX "files_service_idx" ON "files" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "incidents_device_date_idx" ON "incidents" USING btree ("device_id","date");--> statement-breakpoint
CREATE INDEX "inspection_summaries_all_idx" ON "inspection_summaries" USING btree ("next_inspection","device_id") WHERE "inspection_summaries"."listed";--> statement-breakpoint
CREATE INDEX "inspection_summaries_actual_idx" ON "inspection_summaries" USING btree ("next_inspection","device_id") WHERE "inspection_summaries"."actual";--> statement-breakpoint
CREATE INDEX "logs_arg1_idx" ON "logs" USING btree ("arg1");--> statement-breakpoint
CREATE INDEX "device_notes_device_idx" ON "device_notes" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "parts_device_idx" ON "parts" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "service_devices_device_idx" ON "service_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_number_uq" ON "services" USING btree ("year","number","number_extension") WHERE "services"."number" > 0;--> statement-breakpoint
CREATE INDEX "services_order_idx" ON "services" USING btree ("year","month","number","number_extension","id");--> statement-breakpoint
CREATE INDEX "services_internal_order_idx" ON "services" USING btree ("year","month","number","number_extension","id") WHERE "services"."has_internal";--> statement-breakpoint
CREATE INDEX "services_external_order_idx" ON "services" USING btree ("year","month","number","number_extension","id") WHERE "services"."has_external";--> statement-breakpoint
CREATE INDEX "services_date_idx" ON "services" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "services_inspection_idx" ON "services" USING btree ("id","period","date") WHERE 'PRZEGLAD_OKRESOWY' = ANY("services"."types") AND "services"."state" <> 'ODRZUCONY';--> statement-breakpoint
CREATE INDEX "services_fault_trgm" ON "services" USING gin ("fault_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_customer_idx" ON "services" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "services_user_date_idx" ON "services" USING btree ("user_created_id","date");--> statement-breakpoint
CREATE INDEX "todos_status_idx" ON "todos" USING btree ("to_do_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "todos_service_uq" ON "todos" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));