CREATE TABLE "list_counts" (
	"list" varchar(40) PRIMARY KEY NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written
-- Kept like todo_status_counts (0008): statement-level triggers with transition tables, one grouped
-- upsert per statement in list order, and none at all when a statement leaves a list's size as it
-- was (an update that keeps a machine's family or an event's families touches no count row).
CREATE FUNCTION "list_counts_follow_devices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "list_counts" WHERE "list" LIKE 'devices:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT k."list", count(*) FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('devices:' || r."type", true)) k("list", "member")
    WHERE k."member" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT k."list", -count(*) FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('devices:' || r."type", true)) k("list", "member")
    WHERE k."member" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  ELSE
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT d."list", sum(d."delta") FROM (
      SELECT k."list", 1 AS "delta" FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('devices:' || r."type", true)) k("list", "member") WHERE k."member"
      UNION ALL
      SELECT k."list", -1 FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('devices:' || r."type", true)) k("list", "member") WHERE k."member"
    ) d
    GROUP BY d."list" HAVING sum(d."delta") <> 0 ORDER BY d."list"
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "devices" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "list_counts_devices_insert" AFTER INSERT ON "devices"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_devices"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_devices_update" AFTER UPDATE ON "devices"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_devices"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_devices_delete" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_devices"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_devices_truncate" AFTER TRUNCATE ON "devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_devices"();
--> statement-breakpoint
-- Backfill from the rows as they are (under the lock above, in the migration's transaction).
INSERT INTO "list_counts" ("list", "rows")
SELECT k."list", count(*) FROM "devices" r CROSS JOIN LATERAL (VALUES ('devices:' || r."type", true)) k("list", "member")
WHERE k."member" GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "list_counts_follow_services"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "list_counts" WHERE "list" LIKE 'services:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT k."list", count(*) FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('services:INTERNAL', r."has_internal"), ('services:EXTERNAL', r."has_external")) k("list", "member")
    WHERE k."member" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT k."list", -count(*) FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('services:INTERNAL', r."has_internal"), ('services:EXTERNAL', r."has_external")) k("list", "member")
    WHERE k."member" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  ELSE
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT d."list", sum(d."delta") FROM (
      SELECT k."list", 1 AS "delta" FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('services:INTERNAL', r."has_internal"), ('services:EXTERNAL', r."has_external")) k("list", "member") WHERE k."member"
      UNION ALL
      SELECT k."list", -1 FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('services:INTERNAL', r."has_internal"), ('services:EXTERNAL', r."has_external")) k("list", "member") WHERE k."member"
    ) d
    GROUP BY d."list" HAVING sum(d."delta") <> 0 ORDER BY d."list"
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "services" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "list_counts_services_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_services"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_services_update" AFTER UPDATE ON "services"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_services"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_services_delete" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_services"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_services_truncate" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_services"();
--> statement-breakpoint
-- Backfill from the rows as they are (under the lock above, in the migration's transaction).
INSERT INTO "list_counts" ("list", "rows")
SELECT k."list", count(*) FROM "services" r CROSS JOIN LATERAL (VALUES ('services:INTERNAL', r."has_internal"), ('services:EXTERNAL', r."has_external")) k("list", "member")
WHERE k."member" GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "list_counts_follow_inspections"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "list_counts" WHERE "list" LIKE 'inspections:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT k."list", count(*) FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('inspections:listed', r."listed"), ('inspections:actual', r."actual")) k("list", "member")
    WHERE k."member" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT k."list", -count(*) FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('inspections:listed', r."listed"), ('inspections:actual', r."actual")) k("list", "member")
    WHERE k."member" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  ELSE
    INSERT INTO "list_counts" AS c ("list", "rows")
    SELECT d."list", sum(d."delta") FROM (
      SELECT k."list", 1 AS "delta" FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('inspections:listed', r."listed"), ('inspections:actual', r."actual")) k("list", "member") WHERE k."member"
      UNION ALL
      SELECT k."list", -1 FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('inspections:listed', r."listed"), ('inspections:actual', r."actual")) k("list", "member") WHERE k."member"
    ) d
    GROUP BY d."list" HAVING sum(d."delta") <> 0 ORDER BY d."list"
    ON CONFLICT ("list") DO UPDATE SET "rows" = c."rows" + excluded."rows";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "inspection_summaries" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "list_counts_inspections_insert" AFTER INSERT ON "inspection_summaries"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_inspections"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_inspections_update" AFTER UPDATE ON "inspection_summaries"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_inspections"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_inspections_delete" AFTER DELETE ON "inspection_summaries"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_inspections"();
--> statement-breakpoint
CREATE TRIGGER "list_counts_inspections_truncate" AFTER TRUNCATE ON "inspection_summaries"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_counts_follow_inspections"();
--> statement-breakpoint
-- Backfill from the rows as they are (under the lock above, in the migration's transaction).
INSERT INTO "list_counts" ("list", "rows")
SELECT k."list", count(*) FROM "inspection_summaries" r CROSS JOIN LATERAL (VALUES ('inspections:listed', r."listed"), ('inspections:actual', r."actual")) k("list", "member")
WHERE k."member" GROUP BY 1;
