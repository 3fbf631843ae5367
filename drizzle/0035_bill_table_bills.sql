CREATE TABLE "table_bill_orders" (
	"order_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	CONSTRAINT "table_bill_orders_order_id_pk" PRIMARY KEY("order_id")
);
--> statement-breakpoint
CREATE TABLE "table_bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_cents" integer,
	"change_cents" integer,
	"share_index" integer,
	"share_count" integer,
	"txid" text,
	"br_code" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "table_bill_payments_amount_check" CHECK ("table_bill_payments"."amount_cents" > 0),
	CONSTRAINT "table_bill_payments_method_check" CHECK ("table_bill_payments"."method" in ('card', 'cash', 'pix')),
	CONSTRAINT "table_bill_payments_status_check" CHECK ("table_bill_payments"."status" in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "table_bill_payments_cash_check" CHECK ("table_bill_payments"."method" <> 'cash' or ("table_bill_payments"."received_cents" >= "table_bill_payments"."amount_cents" and "table_bill_payments"."change_cents" = "table_bill_payments"."received_cents" - "table_bill_payments"."amount_cents")),
	CONSTRAINT "table_bill_payments_share_check" CHECK (("table_bill_payments"."share_index" is null) = ("table_bill_payments"."share_count" is null) and ("table_bill_payments"."share_index" is null or "table_bill_payments"."share_index" between 1 and "table_bill_payments"."share_count"))
);
--> statement-breakpoint
CREATE TABLE "table_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"service_rate_bps" integer DEFAULT 1000 NOT NULL,
	"service_removed" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"lines" jsonb,
	"subtotal_cents" integer,
	"service_cents" integer,
	"total_cents" integer,
	CONSTRAINT "table_bills_status_check" CHECK ("table_bills"."status" in ('open', 'closed')),
	CONSTRAINT "table_bills_rate_check" CHECK ("table_bills"."service_rate_bps" between 0 and 10000),
	CONSTRAINT "table_bills_closed_snapshot_check" CHECK ("table_bills"."status" = 'open' or ("table_bills"."closed_at" is not null and "table_bills"."lines" is not null and "table_bills"."subtotal_cents" is not null and "table_bills"."service_cents" is not null and "table_bills"."total_cents" is not null))
);
--> statement-breakpoint
ALTER TABLE "table_bill_orders" ADD CONSTRAINT "table_bill_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_orders" ADD CONSTRAINT "table_bill_orders_bill_id_table_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."table_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_payments" ADD CONSTRAINT "table_bill_payments_bill_id_table_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."table_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_payments" ADD CONSTRAINT "table_bill_payments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bills" ADD CONSTRAINT "table_bills_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bills" ADD CONSTRAINT "table_bills_table_id_kds_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."kds_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_bill_orders_bill_idx" ON "table_bill_orders" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "table_bill_payments_bill_idx" ON "table_bill_payments" USING btree ("bill_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "table_bill_payments_share_idx" ON "table_bill_payments" USING btree ("bill_id","share_count","share_index") WHERE "table_bill_payments"."share_index" is not null and "table_bill_payments"."status" in ('pending', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "table_bills_one_open_idx" ON "table_bills" USING btree ("table_id") WHERE "table_bills"."status" = 'open';--> statement-breakpoint
CREATE INDEX "table_bills_venue_closed_idx" ON "table_bills" USING btree ("venue_id","closed_at");