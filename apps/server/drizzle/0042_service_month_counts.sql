CREATE TABLE "service_month_counts" (
	"month" date NOT NULL,
	"user_created_id" integer NOT NULL,
	"state" varchar(20) NOT NULL,
	"payment_type" varchar(30) NOT NULL,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	"services" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_month_counts_month_user_created_id_state_payment_type_types_pk" PRIMARY KEY("month","user_created_id","state","payment_type","types")
);
--> statement-breakpoint
-- hand-written
-- Kept like service_day_counts (0007): statement-level triggers with transition tables, one
-- grouped upsert per statement in key order; an update that changes none of the counted columns
-- nets to nothing and touches no row (a protocol's text saved again costs one empty aggregate).
CREATE FUNCTION "service_month_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "service_month_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "service_month_counts" AS c ("month", "user_created_id", "state", "payment_type", "types", "services")
    SELECT date_trunc('month', "date"::timestamp)::date, "user_created_id", "state", "payment_type", "types", count(*)::int
    FROM "new_rows"
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("month", "user_created_id", "state", "payment_type", "types")
      DO UPDATE SET "services" = c."services" + excluded."services";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "service_month_counts" AS c ("month", "user_created_id", "state", "payment_type", "types", "services")
    SELECT date_trunc('month', "date"::timestamp)::date, "user_created_id", "state", "payment_type", "types", -count(*)::int
    FROM "old_rows"
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("month", "user_created_id", "state", "payment_type", "types")
      DO UPDATE SET "services" = c."services" + excluded."services";
  ELSE
    INSERT INTO "service_month_counts" AS c ("month", "user_created_id", "state", "payment_type", "types", "services")
    SELECT d."month", d."user_created_id", d."state", d."payment_type", d."types", sum(d."delta")::int FROM (
      SELECT date_trunc('month', "date"::timestamp)::date AS "month", "user_created_id", "state", "payment_type",
        "types", 1 AS "delta"
      FROM "new_rows"
      UNION ALL
      SELECT date_trunc('month', "date"::timestamp)::date, "user_created_id", "state", "payment_type", "types", -1
      FROM "old_rows"
    ) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d."delta") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("month", "user_created_id", "state", "payment_type", "types")
      DO UPDATE SET "services" = c."services" + excluded."services";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "services" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "service_month_counts_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "service_month_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_month_counts_update" AFTER UPDATE ON "services"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_month_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_month_counts_delete" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "service_month_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_month_counts_truncate" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_month_counts_follow"();
--> statement-breakpoint
-- Backfill from the events as they are (under the lock above, in the migration's transaction).
INSERT INTO "service_month_counts" ("month", "user_created_id", "state", "payment_type", "types", "services")
SELECT date_trunc('month', "date"::timestamp)::date, "user_created_id", "state", "payment_type", "types", count(*)::int
FROM "services" GROUP BY 1, 2, 3, 4, 5;
