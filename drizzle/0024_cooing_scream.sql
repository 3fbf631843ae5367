CREATE TABLE "pix_devolucoes" (
	"id" varchar(35) PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"pix_order_id" uuid NOT NULL,
	"end_to_end_id" varchar(32) NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rtr_id" varchar(32),
	"error" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pix_devolucoes" ADD CONSTRAINT "pix_devolucoes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_devolucoes_order_idx" ON "pix_devolucoes" USING btree ("pix_order_id","created_at");