CREATE TABLE "finance_erp_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"erp_number" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "finance_erp_exports_state_ck" CHECK ("finance_erp_exports"."state" in ('sending', 'checking', 'integrated', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "finance_erp_exports" ADD CONSTRAINT "finance_erp_exports_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_erp_exports" ADD CONSTRAINT "finance_erp_exports_invoice_id_finance_erp_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."finance_erp_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_erp_exports_batch_idx" ON "finance_erp_exports" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_erp_exports_open_uq" ON "finance_erp_exports" USING btree ("invoice_id") WHERE "finance_erp_exports"."state" in ('sending', 'checking');