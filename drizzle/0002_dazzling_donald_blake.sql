CREATE TABLE "cashless_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"nominal" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashless_consumptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"unit_cents" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_kind" text NOT NULL,
	"performed_at" timestamp with time zone NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"operator" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashless_credit_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"final_number" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"document_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashless_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"pin_hash" text NOT NULL,
	"negative_limit_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "electronic_extract_lines" (
	"extract_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"nsu" text NOT NULL,
	"occurred_on" text NOT NULL,
	"value_cents" integer NOT NULL,
	"brand" text NOT NULL,
	"card_last4" text NOT NULL,
	CONSTRAINT "electronic_extract_lines_extract_id_line_pk" PRIMARY KEY("extract_id","line")
);
--> statement-breakpoint
CREATE TABLE "electronic_extracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"acquirer_type" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"analyzed_at" timestamp with time zone,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_plan_items" (
	"plan_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"value_cents" integer NOT NULL,
	CONSTRAINT "recharge_plan_items_plan_id_card_id_pk" PRIMARY KEY("plan_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "recharge_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"created_by" text NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by_id" uuid,
	"paid_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashless_cards" ADD CONSTRAINT "cashless_cards_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashless_cards" ADD CONSTRAINT "cashless_cards_user_id_cashless_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."cashless_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashless_consumptions" ADD CONSTRAINT "cashless_consumptions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashless_consumptions" ADD CONSTRAINT "cashless_consumptions_card_id_cashless_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cashless_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashless_credit_cards" ADD CONSTRAINT "cashless_credit_cards_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashless_credit_cards" ADD CONSTRAINT "cashless_credit_cards_user_id_cashless_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."cashless_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashless_users" ADD CONSTRAINT "cashless_users_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_extract_lines" ADD CONSTRAINT "electronic_extract_lines_extract_id_electronic_extracts_id_fk" FOREIGN KEY ("extract_id") REFERENCES "public"."electronic_extracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_extracts" ADD CONSTRAINT "electronic_extracts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_plan_items" ADD CONSTRAINT "recharge_plan_items_plan_id_recharge_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recharge_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_plan_items" ADD CONSTRAINT "recharge_plan_items_card_id_cashless_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cashless_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_plans" ADD CONSTRAINT "recharge_plans_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_plans" ADD CONSTRAINT "recharge_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_plans" ADD CONSTRAINT "recharge_plans_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashless_cards_user_idx" ON "cashless_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cashless_cards_negative_idx" ON "cashless_cards" USING btree ("venue_id","balance_cents") WHERE "cashless_cards"."balance_cents" < 0;--> statement-breakpoint
CREATE INDEX "cashless_consumptions_card_idx" ON "cashless_consumptions" USING btree ("card_id","performed_at");--> statement-breakpoint
CREATE INDEX "cashless_credit_cards_user_idx" ON "cashless_credit_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashless_users_venue_document_uq" ON "cashless_users" USING btree ("venue_id","document");--> statement-breakpoint
CREATE INDEX "electronic_extracts_venue_idx" ON "electronic_extracts" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "recharge_plan_items_card_idx" ON "recharge_plan_items" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "recharge_plans_venue_idx" ON "recharge_plans" USING btree ("venue_id","created_at");