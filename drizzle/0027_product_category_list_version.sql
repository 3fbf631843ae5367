-- The product list's in-memory index keeps each product's category name (issue 28), so renaming a
-- category gives its venue a new list version too. (Deleting one sets its products' category to
-- null, which the products triggers of 0022 already count.)
CREATE OR REPLACE FUNCTION bump_product_list_version_for_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_list_versions (venue_id, version)
    SELECT v.venue_id, gen_random_uuid()
    FROM (SELECT DISTINCT n.venue_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name OR n.venue_id IS DISTINCT FROM o.venue_id
          UNION SELECT o.venue_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.venue_id IS DISTINCT FROM o.venue_id) v
    ON CONFLICT (venue_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_categories_list_version_upd AFTER UPDATE ON product_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_product_list_version_for_categories();
