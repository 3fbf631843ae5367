-- Issue 41 (billmath): a closed bill is immutable, its discounts too. Reuses the payments' guard
-- (0036): no discount added to or changed on a closed bill. Deleting (a venue's cascade) stays possible.
CREATE TRIGGER table_bill_discounts_closed_immutable BEFORE INSERT OR UPDATE ON table_bill_discounts FOR EACH ROW EXECUTE FUNCTION table_bill_payment_closed_guard();
