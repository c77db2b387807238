-- hand-written
-- The description's first 100 characters on the signature walk's entry (docs/decisions.md, "The
-- description's start on the walk's entry"): `fault_head` held the search copy's first two
-- characters (0022), which a short term compares; it now holds the first 100
-- (services.table.ts, FAULT_HEAD_CHARS), still the start a short term compares. A long term the
-- head holds is a match without reading the event, and a head shorter than 100 characters is the
-- whole description, so one that lacks the term is no match either: the walk reads only the events
-- whose bits pass and whose description is longer than its head. One rewrite of the table (the
-- USING), which also rebuilds the walk's indexes (0023) with the wider column. The update trigger
-- names the column, so it is dropped for the change and made again as 0022 made it.
DROP TRIGGER services_list_keys_upd ON services;
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_head" TYPE varchar(100) USING left("fault_search", 100);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION services_fill_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s bigint[];
BEGIN
  SELECT c.short_name INTO NEW.customer_short_name FROM customers c WHERE c.id = NEW.customer_id;
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
CREATE TRIGGER services_list_keys_upd BEFORE UPDATE OF customer_id, user_created_id, fault_description, fault_search,
  fault_head, fault_sig1, fault_sig2, fault_sig3, fault_sig4 ON services FOR EACH ROW EXECUTE FUNCTION services_fill_list_keys();
