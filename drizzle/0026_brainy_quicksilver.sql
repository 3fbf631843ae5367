CREATE TABLE "dashboard_customer_firsts" (
	"venue_id" uuid NOT NULL,
	"customer_key" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "dashboard_customer_firsts_venue_id_customer_key_pk" PRIMARY KEY("venue_id","customer_key")
);
--> statement-breakpoint
CREATE TABLE "dashboard_split_customers" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"customer_key" text NOT NULL,
	"first_day" date NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"last_at" timestamp NOT NULL,
	"last_name" text NOT NULL,
	CONSTRAINT "dashboard_split_customers_venue_id_day_delivery_customer_key_pk" PRIMARY KEY("venue_id","day","delivery","customer_key")
);
--> statement-breakpoint
CREATE TABLE "dashboard_split_hours" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"first_day" date NOT NULL,
	"hour" smallint NOT NULL,
	"delivery" boolean NOT NULL,
	"orders" integer NOT NULL,
	"refused" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_split_hours_venue_id_day_first_day_hour_delivery_pk" PRIMARY KEY("venue_id","day","first_day","hour","delivery")
);
--> statement-breakpoint
CREATE TABLE "dashboard_split_products" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"first_day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"name" text NOT NULL,
	"orders" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"max_order_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_split_products_venue_id_day_first_day_delivery_name_pk" PRIMARY KEY("venue_id","day","first_day","delivery","name")
);
--> statement-breakpoint
CREATE TABLE "dashboard_split_profiles" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"first_day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"gender" text,
	"age" integer,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_split_regions" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"first_day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"city" text,
	"uf" text,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"max_order_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_customer_firsts" ADD CONSTRAINT "dashboard_customer_firsts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_split_customers" ADD CONSTRAINT "dashboard_split_customers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_split_hours" ADD CONSTRAINT "dashboard_split_hours_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_split_products" ADD CONSTRAINT "dashboard_split_products_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_split_profiles" ADD CONSTRAINT "dashboard_split_profiles_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_split_regions" ADD CONSTRAINT "dashboard_split_regions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_split_customers_key_idx" ON "dashboard_split_customers" USING btree ("venue_id","customer_key","day");--> statement-breakpoint
CREATE INDEX "dashboard_split_profiles_idx" ON "dashboard_split_profiles" USING btree ("venue_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_split_regions_idx" ON "dashboard_split_regions" USING btree ("venue_id","day");