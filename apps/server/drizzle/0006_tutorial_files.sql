CREATE TABLE "tutorial_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"storage_name" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"user_created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_files_storageName_unique" UNIQUE("storage_name"),
	CONSTRAINT "tutorial_files_folder_name_uq" UNIQUE("folder_id","name")
);
--> statement-breakpoint
CREATE TABLE "tutorial_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_folders_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "tutorial_files" ADD CONSTRAINT "tutorial_files_folder_id_tutorial_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."tutorial_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_files" ADD CONSTRAINT "tutorial_files_user_created_id_users_id_fk" FOREIGN KEY ("user_created_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;