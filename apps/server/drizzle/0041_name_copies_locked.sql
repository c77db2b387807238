-- hand-written
-- A machine's or an event's copy of its customer's short name (and a machine's of its category's
-- name) was read as committed when the row was written; a rename running at the same moment
-- updated the copies it could see, not the rows still being written, and those kept the old name
-- for good. The row being written now locks the row it copies from, as a rename does: the write
-- waits for a rename on its way (then reads the new name), and a rename waits for the writes on
-- their way (then updates their copies). A customer is locked FOR SHARE (machines of one customer
-- are added side by side); a category FOR NO KEY UPDATE, which its machine count takes anyway.
-- Only when the row takes a new parent: an update that keeps it leaves the copy to the rename.
CREATE OR REPLACE FUNCTION "devices_fill_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."customer_id" IS DISTINCT FROM OLD."customer_id" THEN
    SELECT "short_name" INTO NEW."customer_short_name" FROM "customers" WHERE "id" = NEW."customer_id" FOR SHARE;
    NEW."customer_short_name" := COALESCE(NEW."customer_short_name", '');
  END IF;
  IF TG_OP = 'INSERT' OR NEW."category_id" IS DISTINCT FROM OLD."category_id" THEN
    SELECT "name" INTO NEW."category_name" FROM "categories" WHERE "id" = NEW."category_id" FOR NO KEY UPDATE;
    NEW."category_name" := COALESCE(NEW."category_name", '');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION services_fill_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s bigint[];
BEGIN
  IF TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    SELECT c.short_name INTO NEW.customer_short_name FROM customers c WHERE c.id = NEW.customer_id FOR SHARE;
  ELSE
    SELECT c.short_name INTO NEW.customer_short_name FROM customers c WHERE c.id = NEW.customer_id;
  END IF;
  SELECT u.last_name, u.first_name INTO NEW.user_last_name, NEW.user_first_name
    FROM users u WHERE u.id = NEW.user_created_id;
  NEW.customer_short_name := coalesce(NEW.customer_short_name, '');
  NEW.user_last_name := coalesce(NEW.user_last_name, '');
  NEW.user_first_name := coalesce(NEW.user_first_name, '');
  NEW.fault_search := lower(NEW.fault_description);
  NEW.fault_head := left(NEW.fault_search, 100);
  s := trigram_signature(NEW.fault_search);
  NEW.fault_sig1 := s[1];
  NEW.fault_sig2 := s[2];
  NEW.fault_sig3 := s[3];
  NEW.fault_sig4 := s[4];
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A rename updates its machines before their inspection summaries, the order a machine's save
-- takes them in (its row, then its summary): in the other order the two waited for each other
-- (a deadlock). Triggers of one event fire in the order of their names.
ALTER TRIGGER customers_inspection_keys ON customers RENAME TO customers_rename_inspection_keys;
--> statement-breakpoint
ALTER TRIGGER categories_inspection_keys ON categories RENAME TO categories_rename_inspection_keys;
