CREATE TABLE "donation_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"description" text NOT NULL,
	"pix_key" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"link_of_live" text DEFAULT '' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"banner_web" text DEFAULT '' NOT NULL,
	"banner_mobile" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"faq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_value_above" boolean DEFAULT false NOT NULL,
	"color_theme" text DEFAULT '#C00D1E' NOT NULL,
	"detail_html" text DEFAULT '' NOT NULL,
	"about_project_html" text DEFAULT '' NOT NULL,
	"custom_thanks" text DEFAULT '' NOT NULL,
	"which_institution" text DEFAULT '' NOT NULL,
	"label_button_donate" text DEFAULT '' NOT NULL,
	"contact_phrase" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_institutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"gateway_link_id" text NOT NULL,
	"show_link" boolean DEFAULT true NOT NULL,
	"description" text NOT NULL,
	"product_id" uuid,
	"amount_cents" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"institute_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"institute_id" uuid NOT NULL,
	"link_id" uuid,
	"product_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"donor_name" text NOT NULL,
	"donor_document" text DEFAULT '' NOT NULL,
	"donor_email" text DEFAULT '' NOT NULL,
	"donor_phone" text DEFAULT '' NOT NULL,
	"acquirer_id" text DEFAULT '' NOT NULL,
	"br_code" text,
	"paid_at" timestamp with time zone,
	"payment_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donation_bank_accounts" ADD CONSTRAINT "donation_bank_accounts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_events" ADD CONSTRAINT "donation_events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_institutes" ADD CONSTRAINT "donation_institutes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_institutes" ADD CONSTRAINT "donation_institutes_bank_account_id_donation_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."donation_bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_institutes" ADD CONSTRAINT "donation_institutes_event_id_donation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."donation_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_links" ADD CONSTRAINT "donation_links_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_links" ADD CONSTRAINT "donation_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_links" ADD CONSTRAINT "donation_links_event_id_donation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."donation_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_links" ADD CONSTRAINT "donation_links_institute_id_donation_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."donation_institutes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_event_id_donation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."donation_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_institute_id_donation_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."donation_institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_link_id_donation_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."donation_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_bank_accounts_venue_idx" ON "donation_bank_accounts" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "donation_events_venue_idx" ON "donation_events" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_events_link_idx" ON "donation_events" USING btree ("link");--> statement-breakpoint
CREATE INDEX "donation_institutes_venue_idx" ON "donation_institutes" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "donation_institutes_event_idx" ON "donation_institutes" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_links_gateway_idx" ON "donation_links" USING btree ("gateway_link_id");--> statement-breakpoint
CREATE INDEX "donation_links_institute_idx" ON "donation_links" USING btree ("institute_id");--> statement-breakpoint
CREATE INDEX "donations_event_idx" ON "donations" USING btree ("event_id","status","paid_at");--> statement-breakpoint
CREATE INDEX "donations_venue_idx" ON "donations" USING btree ("venue_id");