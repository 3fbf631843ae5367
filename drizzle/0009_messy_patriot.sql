ALTER TABLE "payment_link_payments" ADD COLUMN "boleto_line" text;--> statement-breakpoint
ALTER TABLE "payment_link_payments" ADD COLUMN "boleto_due_date" text;