-- Trigram indexes (customer name search) need pg_trgm, a trusted contrib extension of every PostgreSQL; the embedded database loads it at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "customer_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"cpf" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"disarmed_by" uuid,
	"disarmed_at" timestamp with time zone,
	"disarm_reason" text
);
--> statement-breakpoint
CREATE TABLE "customer_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"cpf" text NOT NULL,
	"blocked_by" uuid,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_reason" text NOT NULL,
	"unlocked_by" uuid,
	"unlocked_at" timestamp with time zone,
	"unlock_reason" text
);
--> statement-breakpoint
CREATE TABLE "customer_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text,
	"search_name" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"cpf" text,
	"identifier" text,
	"gender" integer,
	"phone" text,
	"email" text,
	"list_name" text,
	"category_id" uuid,
	"blocked" boolean DEFAULT false NOT NULL,
	"alerted" boolean DEFAULT false NOT NULL,
	"open_amount_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_link_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"installments" integer DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"br_code" text,
	"txid" text,
	"card_last4" text,
	"payer_name" text,
	"payer_cpf" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"product_id" uuid,
	"price_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"maximum_installments" integer DEFAULT 0 NOT NULL,
	"expiration_date" timestamp with time zone,
	"allow_payment_slip" boolean DEFAULT false NOT NULL,
	"authenticated" boolean DEFAULT false NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_alerts" ADD CONSTRAINT "customer_alerts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_alerts" ADD CONSTRAINT "customer_alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_alerts" ADD CONSTRAINT "customer_alerts_disarmed_by_users_id_fk" FOREIGN KEY ("disarmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_unlocked_by_users_id_fk" FOREIGN KEY ("unlocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_categories" ADD CONSTRAINT "customer_categories_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_category_id_customer_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."customer_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_payments" ADD CONSTRAINT "payment_link_payments_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_payments" ADD CONSTRAINT "payment_link_payments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_alerts_venue_cpf_idx" ON "customer_alerts" USING btree ("venue_id","cpf");--> statement-breakpoint
CREATE INDEX "customer_blocks_venue_cpf_idx" ON "customer_blocks" USING btree ("venue_id","cpf","blocked_at");--> statement-breakpoint
CREATE INDEX "customer_categories_venue_idx" ON "customer_categories" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_venue_cpf_uq" ON "customers" USING btree ("venue_id","cpf") WHERE "customers"."cpf" is not null;--> statement-breakpoint
CREATE INDEX "customers_venue_search_idx" ON "customers" USING btree ("venue_id","search_name","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_venue_cpf_prefix_idx" ON "customers" USING btree ("venue_id","cpf" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_link_payments_link_idx" ON "payment_link_payments" USING btree ("link_id","status");--> statement-breakpoint
CREATE INDEX "payment_links_venue_idx" ON "payment_links" USING btree ("venue_id","created_at");