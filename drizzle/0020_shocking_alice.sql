CREATE TABLE "pix_charges" (
	"txid" varchar(35) PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"pix_key" varchar(77) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"end_to_end_id" varchar(32),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_charges_ref_idx" ON "pix_charges" USING btree ("kind","ref_id");