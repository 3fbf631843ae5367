-- The product list's version per venue (src/server/db/schema/product-list-index.ts): every statement
-- that inserts, updates or deletes products gives each venue it touched a new random version.
CREATE OR REPLACE FUNCTION bump_product_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO product_list_versions (venue_id, version)
      SELECT v.venue_id, gen_random_uuid() FROM (SELECT DISTINCT venue_id FROM new_rows) v
      ON CONFLICT (venue_id) DO UPDATE SET version = excluded.version;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    INSERT INTO product_list_versions (venue_id, version)
      SELECT v.venue_id, gen_random_uuid() FROM (SELECT DISTINCT venue_id FROM old_rows) v
      ON CONFLICT (venue_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_list_version_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_product_list_version();
--> statement-breakpoint
CREATE TRIGGER products_list_version_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_product_list_version();
--> statement-breakpoint
CREATE TRIGGER products_list_version_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_product_list_version();
--> statement-breakpoint
INSERT INTO product_list_versions (venue_id, version)
  SELECT v.venue_id, gen_random_uuid() FROM (SELECT DISTINCT venue_id FROM products) v
  ON CONFLICT (venue_id) DO NOTHING;
