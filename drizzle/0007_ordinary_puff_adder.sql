CREATE TABLE "finance_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"description" text NOT NULL,
	"bank_code" text NOT NULL,
	"agency" text NOT NULL,
	"account" text NOT NULL,
	"own_provider" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_erp_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"order_date" timestamp with time zone NOT NULL,
	"items" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"erp_number" text
);
--> statement-breakpoint
CREATE TABLE "finance_erp_mappings" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"erp" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_erp_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_pix_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"end_to_end_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"acquirer_id" integer NOT NULL,
	"pos_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "finance_pix_orders_amount_ck" CHECK ("finance_pix_orders"."amount_cents" > 0),
	CONSTRAINT "finance_pix_orders_refund_ck" CHECK ("finance_pix_orders"."refunded_cents" >= 0 and "finance_pix_orders"."refunded_cents" <= "finance_pix_orders"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "finance_pix_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"pix_order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"acquirer_refund_id" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_process_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"acquirer" integer NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"card_last_digits" text,
	"serials" jsonb NOT NULL,
	"transaction_count" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"relative_path" text NOT NULL,
	"withdrawal_count" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"emailed_to" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"acquirer" integer NOT NULL,
	"acquirer_transaction_id" text NOT NULL,
	"serial_number" text NOT NULL,
	"card_last_digits" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"pos_transaction_id" text,
	"process_request_id" uuid,
	"bank_account_id" uuid,
	"processed_at" timestamp with time zone,
	CONSTRAINT "finance_transactions_amount_ck" CHECK ("finance_transactions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "finance_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"bank_code" text NOT NULL,
	"agency" text NOT NULL,
	"account" text NOT NULL,
	"account_digit" text NOT NULL,
	"account_type" integer NOT NULL,
	"document" text NOT NULL,
	"holder_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"protocol" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_transfers_amount_ck" CHECK ("finance_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "finance_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"type" text NOT NULL,
	"holder_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_on" date,
	"remittance_id" uuid,
	CONSTRAINT "finance_withdrawals_amount_ck" CHECK ("finance_withdrawals"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "finance_bank_accounts" ADD CONSTRAINT "finance_bank_accounts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_erp_invoices" ADD CONSTRAINT "finance_erp_invoices_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_erp_invoices" ADD CONSTRAINT "finance_erp_invoices_session_id_finance_erp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."finance_erp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_erp_mappings" ADD CONSTRAINT "finance_erp_mappings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_erp_sessions" ADD CONSTRAINT "finance_erp_sessions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_pix_orders" ADD CONSTRAINT "finance_pix_orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_pix_refunds" ADD CONSTRAINT "finance_pix_refunds_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_pix_refunds" ADD CONSTRAINT "finance_pix_refunds_pix_order_id_finance_pix_orders_id_fk" FOREIGN KEY ("pix_order_id") REFERENCES "public"."finance_pix_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_process_requests" ADD CONSTRAINT "finance_process_requests_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_remittances" ADD CONSTRAINT "finance_remittances_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD CONSTRAINT "finance_transfers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_withdrawals" ADD CONSTRAINT "finance_withdrawals_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_audit_venue_idx" ON "finance_audit_log" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "finance_erp_invoices_session_idx" ON "finance_erp_invoices" USING btree ("session_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_pix_orders_e2e_uq" ON "finance_pix_orders" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_transactions_acq_uq" ON "finance_transactions" USING btree ("acquirer","acquirer_transaction_id");--> statement-breakpoint
CREATE INDEX "finance_transactions_venue_idx" ON "finance_transactions" USING btree ("venue_id","captured_at");--> statement-breakpoint
CREATE INDEX "finance_withdrawals_venue_idx" ON "finance_withdrawals" USING btree ("venue_id","created_at");