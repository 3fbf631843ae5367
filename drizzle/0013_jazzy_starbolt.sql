CREATE TABLE "skipped_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"list_name" text NOT NULL,
	"equipment_name" text NOT NULL,
	"reason" text NOT NULL,
	"skipped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skipped_products" ADD CONSTRAINT "skipped_products_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipped_products" ADD CONSTRAINT "skipped_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skipped_products_venue_idx" ON "skipped_products" USING btree ("venue_id","skipped_at");