CREATE TABLE "dashboard_dirty_days" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"gen" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dashboard_dirty_days_venue_id_day_pk" PRIMARY KEY("venue_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_sales_customers" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"customer_key" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"last_at" timestamp NOT NULL,
	"last_name" text NOT NULL,
	CONSTRAINT "dashboard_sales_customers_venue_id_day_delivery_customer_key_pk" PRIMARY KEY("venue_id","day","delivery","customer_key")
);
--> statement-breakpoint
CREATE TABLE "dashboard_sales_hours" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"delivery" boolean NOT NULL,
	"orders" integer NOT NULL,
	"refused" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_sales_hours_venue_id_day_hour_delivery_pk" PRIMARY KEY("venue_id","day","hour","delivery")
);
--> statement-breakpoint
CREATE TABLE "dashboard_sales_products" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"name" text NOT NULL,
	"orders" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"max_order_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_sales_products_venue_id_day_delivery_name_pk" PRIMARY KEY("venue_id","day","delivery","name")
);
--> statement-breakpoint
CREATE TABLE "dashboard_sales_profiles" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"gender" text,
	"age" integer,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_sales_regions" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delivery" boolean NOT NULL,
	"city" text,
	"uf" text,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"max_order_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_sales_customers" ADD CONSTRAINT "dashboard_sales_customers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_sales_hours" ADD CONSTRAINT "dashboard_sales_hours_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_sales_products" ADD CONSTRAINT "dashboard_sales_products_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_sales_profiles" ADD CONSTRAINT "dashboard_sales_profiles_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_sales_regions" ADD CONSTRAINT "dashboard_sales_regions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_sales_customers_key_idx" ON "dashboard_sales_customers" USING btree ("venue_id","customer_key","day");--> statement-breakpoint
CREATE INDEX "dashboard_sales_profiles_idx" ON "dashboard_sales_profiles" USING btree ("venue_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_sales_regions_idx" ON "dashboard_sales_regions" USING btree ("venue_id","day");