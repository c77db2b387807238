CREATE TABLE "device_values" (
	"type" varchar(10) NOT NULL,
	"field" varchar(20) NOT NULL,
	"value" text NOT NULL,
	"machines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_values_type_field_value_pk" PRIMARY KEY("type","field","value")
);
--> statement-breakpoint
CREATE INDEX "device_values_value_trgm" ON "device_values" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_type_street_weight_idx" ON "devices" USING btree ("type","street_address","status_weight","id");--> statement-breakpoint
CREATE INDEX "devices_type_zip_weight_idx" ON "devices" USING btree ("type","zip_code","status_weight","id");--> statement-breakpoint
-- hand-written
-- Kept like list_counts (0013) and the customers' months (0026): statement-level triggers with
-- transition tables, one grouped upsert per statement in key order, none when a statement changes
-- none of the five columns (an update of a status touches no row). Empty texts are not kept: a
-- filter's text never matches them.
CREATE FUNCTION "device_values_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "device_values";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "device_values" AS v ("type", "field", "value", "machines")
    SELECT r."type", f."field", f."value", count(*)
    FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('city', r."city"::text), ('street_address', r."street_address"::text),
      ('zip_code', r."zip_code"::text), ('source_power', r."source_power"::text), ('warranty', r."warranty"::text)) f("field", "value")
    WHERE f."value" <> '' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("type", "field", "value") DO UPDATE SET "machines" = v."machines" + excluded."machines";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "device_values" AS v ("type", "field", "value", "machines")
    SELECT r."type", f."field", f."value", -count(*)
    FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('city', r."city"::text), ('street_address', r."street_address"::text),
      ('zip_code', r."zip_code"::text), ('source_power', r."source_power"::text), ('warranty', r."warranty"::text)) f("field", "value")
    WHERE f."value" <> '' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("type", "field", "value") DO UPDATE SET "machines" = v."machines" + excluded."machines";
  ELSE
    INSERT INTO "device_values" AS v ("type", "field", "value", "machines")
    SELECT d."type", d."field", d."value", sum(d."delta") FROM (
      SELECT r."type", f."field", f."value", 1 AS "delta"
      FROM "new_rows" r CROSS JOIN LATERAL (VALUES ('city', r."city"::text), ('street_address', r."street_address"::text),
        ('zip_code', r."zip_code"::text), ('source_power', r."source_power"::text), ('warranty', r."warranty"::text)) f("field", "value")
      UNION ALL
      SELECT r."type", f."field", f."value", -1
      FROM "old_rows" r CROSS JOIN LATERAL (VALUES ('city', r."city"::text), ('street_address', r."street_address"::text),
        ('zip_code', r."zip_code"::text), ('source_power', r."source_power"::text), ('warranty', r."warranty"::text)) f("field", "value")
    ) d
    WHERE d."value" <> '' GROUP BY 1, 2, 3 HAVING sum(d."delta") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("type", "field", "value") DO UPDATE SET "machines" = v."machines" + excluded."machines";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE "devices" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "device_values_insert" AFTER INSERT ON "devices"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "device_values_follow"();
--> statement-breakpoint
CREATE TRIGGER "device_values_update" AFTER UPDATE ON "devices"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_values_follow"();
--> statement-breakpoint
CREATE TRIGGER "device_values_delete" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "device_values_follow"();
--> statement-breakpoint
CREATE TRIGGER "device_values_truncate" AFTER TRUNCATE ON "devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "device_values_follow"();
--> statement-breakpoint
-- Backfill from the machines as they are (under the lock above, in the migration's transaction).
INSERT INTO "device_values" ("type", "field", "value", "machines")
SELECT r."type", f."field", f."value", count(*)
FROM "devices" r CROSS JOIN LATERAL (VALUES ('city', r."city"::text), ('street_address', r."street_address"::text),
  ('zip_code', r."zip_code"::text), ('source_power', r."source_power"::text), ('warranty', r."warranty"::text)) f("field", "value")
WHERE f."value" <> '' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
ANALYZE "device_values";
