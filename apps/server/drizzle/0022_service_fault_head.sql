-- hand-written
-- The first two characters of the description's search copy, which a search of one or two
-- characters compares (lib/text-search.ts, copyStarts: the start of the description); the
-- signature walk's indexes carry them (0023). Filled in one rewrite (a generated column), then a
-- plain column the trigger keeps, as the search copy (0015): a restore writes every column back.
ALTER TABLE "services" ADD COLUMN "fault_head" varchar(2) GENERATED ALWAYS AS (left("fault_search", 2)) STORED;
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_head" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_head" SET DEFAULT '', ALTER COLUMN "fault_head" SET NOT NULL;
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
  NEW.fault_head := left(NEW.fault_search, 2);
  s := trigram_signature(NEW.fault_search);
  NEW.fault_sig1 := s[1];
  NEW.fault_sig2 := s[2];
  NEW.fault_sig3 := s[3];
  NEW.fault_sig4 := s[4];
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER services_list_keys_upd ON services;
--> statement-breakpoint
CREATE TRIGGER services_list_keys_upd BEFORE UPDATE OF customer_id, user_created_id, fault_description, fault_search,
  fault_head, fault_sig1, fault_sig2, fault_sig3, fault_sig4 ON services FOR EACH ROW EXECUTE FUNCTION services_fill_list_keys();
