CREATE TABLE "table_bill_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value_cents" integer,
	"percent_bps" integer,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"authorized_by" uuid NOT NULL,
	"authorized_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_bill_discounts_kind_check" CHECK ("table_bill_discounts"."kind" in ('value', 'percent')),
	CONSTRAINT "table_bill_discounts_amount_check" CHECK (("table_bill_discounts"."kind" = 'value' and "table_bill_discounts"."value_cents" > 0 and "table_bill_discounts"."percent_bps" is null) or ("table_bill_discounts"."kind" = 'percent' and "table_bill_discounts"."percent_bps" between 1 and 10000 and "table_bill_discounts"."value_cents" is null))
);
--> statement-breakpoint
CREATE TABLE "table_bill_settings" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"service_rate_bps" integer DEFAULT 1000 NOT NULL,
	"couvert_cents" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_bill_settings_rate_check" CHECK ("table_bill_settings"."service_rate_bps" between 0 and 2000),
	CONSTRAINT "table_bill_settings_couvert_check" CHECK ("table_bill_settings"."couvert_cents" is null or "table_bill_settings"."couvert_cents" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "table_bills" ADD COLUMN "couvert_unit_cents" integer;--> statement-breakpoint
ALTER TABLE "table_bills" ADD COLUMN "couvert_people" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "table_bills" ADD COLUMN "couvert_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "table_bills" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "table_bill_discounts" ADD CONSTRAINT "table_bill_discounts_bill_id_table_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."table_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_discounts" ADD CONSTRAINT "table_bill_discounts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_settings" ADD CONSTRAINT "table_bill_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_bill_discounts_bill_idx" ON "table_bill_discounts" USING btree ("bill_id","created_at");--> statement-breakpoint
ALTER TABLE "table_bills" ADD CONSTRAINT "table_bills_couvert_check" CHECK (("table_bills"."couvert_unit_cents" is null or "table_bills"."couvert_unit_cents" > 0) and "table_bills"."couvert_people" >= 0 and ("table_bills"."couvert_people" = 0 or "table_bills"."couvert_unit_cents" is not null));--> statement-breakpoint
ALTER TABLE "table_bills" ADD CONSTRAINT "table_bills_closed_total_check" CHECK ("table_bills"."status" = 'open' or "table_bills"."total_cents" = "table_bills"."subtotal_cents" - "table_bills"."discount_cents" + "table_bills"."service_cents" + "table_bills"."couvert_cents");