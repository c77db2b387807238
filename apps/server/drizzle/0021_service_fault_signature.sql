-- hand-written
-- The events' trigram signature (docs/decisions.md, "A walk that skips by signature"): the bits of
-- the description's search copy, as the machines' (0020), kept by the trigger that keeps the copy.
-- The signature walk's indexes carry them (0023, services.signature.ts).
ALTER TABLE "services"
  ADD COLUMN "fault_sig1" bigint GENERATED ALWAYS AS ((trigram_signature("fault_search"))[1]) STORED,
  ADD COLUMN "fault_sig2" bigint GENERATED ALWAYS AS ((trigram_signature("fault_search"))[2]) STORED,
  ADD COLUMN "fault_sig3" bigint GENERATED ALWAYS AS ((trigram_signature("fault_search"))[3]) STORED,
  ADD COLUMN "fault_sig4" bigint GENERATED ALWAYS AS ((trigram_signature("fault_search"))[4]) STORED;
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_sig1" DROP EXPRESSION, ALTER COLUMN "fault_sig2" DROP EXPRESSION,
  ALTER COLUMN "fault_sig3" DROP EXPRESSION, ALTER COLUMN "fault_sig4" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_sig1" SET DEFAULT 0, ALTER COLUMN "fault_sig2" SET DEFAULT 0,
  ALTER COLUMN "fault_sig3" SET DEFAULT 0, ALTER COLUMN "fault_sig4" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "fault_sig1" SET NOT NULL, ALTER COLUMN "fault_sig2" SET NOT NULL,
  ALTER COLUMN "fault_sig3" SET NOT NULL, ALTER COLUMN "fault_sig4" SET NOT NULL;
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
  fault_sig1, fault_sig2, fault_sig3, fault_sig4 ON services FOR EACH ROW EXECUTE FUNCTION services_fill_list_keys();
