-- Issue 41: a closed table bill is immutable (src/server/db/schema/table-bill.ts). The routes never
-- write to one; these triggers make the database refuse it too: no change to a closed bill's row,
-- and no payment added to or changed on a closed bill. Deleting (a venue's cascade) stays possible.
CREATE OR REPLACE FUNCTION table_bill_closed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'table bill % is closed and cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER table_bills_closed_immutable BEFORE UPDATE ON table_bills FOR EACH ROW EXECUTE FUNCTION table_bill_closed_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION table_bill_payment_closed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM table_bills b WHERE b.id = NEW.bill_id AND b.status = 'closed') THEN
    RAISE EXCEPTION 'table bill % is closed: its payments cannot change', NEW.bill_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER table_bill_payments_closed_immutable BEFORE INSERT OR UPDATE ON table_bill_payments FOR EACH ROW EXECUTE FUNCTION table_bill_payment_closed_guard();
