CREATE TABLE "service_customer_months" (
	"customer_id" integer NOT NULL,
	"internal" boolean NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_customer_months_customer_id_internal_year_month_pk" PRIMARY KEY("customer_id","internal","year","month")
);
--> statement-breakpoint
-- hand-written
-- The key carries the count: a search's months are read from the index alone.
ALTER TABLE "service_customer_months" DROP CONSTRAINT "service_customer_months_customer_id_internal_year_month_pk",
  ADD CONSTRAINT "service_customer_months_customer_id_internal_year_month_pk"
    PRIMARY KEY ("customer_id", "internal", "year", "month") INCLUDE ("events");
--> statement-breakpoint
-- Kept like list_counts (0013): statement-level triggers with transition tables, one grouped upsert
-- per statement in key order, and none when a statement moves no event between customers, months
-- or families (an update of a description touches no row).
CREATE FUNCTION "service_customer_months_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "service_customer_months";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "service_customer_months" AS c ("customer_id", "internal", "year", "month", "events")
    SELECT r."customer_id", k."internal", r."year", r."month", count(*)
    FROM "new_rows" r CROSS JOIN LATERAL (VALUES (true, r."has_internal"), (false, r."has_external")) k("internal", "member")
    WHERE k."member" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "internal", "year", "month") DO UPDATE SET "events" = c."events" + excluded."events";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "service_customer_months" AS c ("customer_id", "internal", "year", "month", "events")
    SELECT r."customer_id", k."internal", r."year", r."month", -count(*)
    FROM "old_rows" r CROSS JOIN LATERAL (VALUES (true, r."has_internal"), (false, r."has_external")) k("internal", "member")
    WHERE k."member" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "internal", "year", "month") DO UPDATE SET "events" = c."events" + excluded."events";
  ELSE
    INSERT INTO "service_customer_months" AS c ("customer_id", "internal", "year", "month", "events")
    SELECT d."customer_id", d."internal", d."year", d."month", sum(d."delta") FROM (
      SELECT r."customer_id", k."internal", r."year", r."month", 1 AS "delta"
      FROM "new_rows" r CROSS JOIN LATERAL (VALUES (true, r."has_internal"), (false, r."has_external")) k("internal", "member")
      WHERE k."member"
      UNION ALL
      SELECT r."customer_id", k."internal", r."year", r."month", -1
      FROM "old_rows" r CROSS JOIN LATERAL (VALUES (true, r."has_internal"), (false, r."has_external")) k("internal", "member")
      WHERE k."member"
    ) d
    GROUP BY 1, 2, 3, 4 HAVING sum(d."delta") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "internal", "year", "month") DO UPDATE SET "events" = c."events" + excluded."events";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "services" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "service_customer_months_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "service_customer_months_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_customer_months_update" AFTER UPDATE ON "services"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_customer_months_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_customer_months_delete" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "service_customer_months_follow"();
--> statement-breakpoint
CREATE TRIGGER "service_customer_months_truncate" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_customer_months_follow"();
--> statement-breakpoint
-- Backfill from the events as they are (under the lock above, in the migration's transaction).
INSERT INTO "service_customer_months" ("customer_id", "internal", "year", "month", "events")
SELECT r."customer_id", k."internal", r."year", r."month", count(*)
FROM "services" r CROSS JOIN LATERAL (VALUES (true, r."has_internal"), (false, r."has_external")) k("internal", "member")
WHERE k."member" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
-- Statistics for the first searches, before autovacuum comes by.
ANALYZE "service_customer_months";
