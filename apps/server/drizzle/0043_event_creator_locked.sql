-- hand-written
-- An event's copy of its creator's name (the lists' sort by employee) was read as committed when
-- the event was written; an employee renamed at the same moment had the copies updated that the
-- rename could see, not those of events still being saved, and those kept the old name for good
-- (the drift audit of 2026-12-04 on PostgreSQL). As 0041 did for the customer's name: the event
-- locks its creator's row FOR SHARE when it is added or changes creator, so a save waits for a
-- rename on its way (then reads the new name) and a rename waits for the saves on their way (then
-- updates their copies). Saves of one employee's events do not wait for each other.
CREATE OR REPLACE FUNCTION services_fill_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s bigint[];
BEGIN
  IF TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    SELECT c.short_name INTO NEW.customer_short_name FROM customers c WHERE c.id = NEW.customer_id FOR SHARE;
  ELSE
    SELECT c.short_name INTO NEW.customer_short_name FROM customers c WHERE c.id = NEW.customer_id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.user_created_id IS DISTINCT FROM OLD.user_created_id THEN
    SELECT u.last_name, u.first_name INTO NEW.user_last_name, NEW.user_first_name
      FROM users u WHERE u.id = NEW.user_created_id FOR SHARE;
  ELSE
    SELECT u.last_name, u.first_name INTO NEW.user_last_name, NEW.user_first_name
      FROM users u WHERE u.id = NEW.user_created_id;
  END IF;
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
-- Events saved during a rename before this version keep the old name: set right once.
UPDATE services s
  SET user_last_name = coalesce(u.last_name, ''), user_first_name = coalesce(u.first_name, '')
  FROM users u
  WHERE u.id = s.user_created_id
    AND (s.user_last_name, s.user_first_name) IS DISTINCT FROM (coalesce(u.last_name, ''), coalesce(u.first_name, ''));
