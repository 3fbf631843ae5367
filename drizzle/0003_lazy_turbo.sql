CREATE TABLE "dashboard_order_customers" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"customer_key" text,
	"customer_name" text DEFAULT '' NOT NULL,
	"gender" text,
	"birth_date" date,
	"city" text,
	"uf" text
);
--> statement-breakpoint
ALTER TABLE "dashboard_order_customers" ADD CONSTRAINT "dashboard_order_customers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_order_customers" ADD CONSTRAINT "dashboard_order_customers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_order_customers_venue_created_idx" ON "dashboard_order_customers" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "dashboard_order_customers_venue_key_idx" ON "dashboard_order_customers" USING btree ("venue_id","customer_key","created_at");