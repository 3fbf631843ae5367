ALTER TABLE "order_items" ADD COLUMN "bumped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rush_at" timestamp with time zone;