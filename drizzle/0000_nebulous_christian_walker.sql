CREATE TABLE "memberships" (
	"user_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"roles" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "memberships_user_id_venue_id_pk" PRIMARY KEY("user_id","venue_id")
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"password_verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"venue_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"cpf" text,
	"password_hash" text NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"roles" text DEFAULT '' NOT NULL,
	"desktop_app" boolean DEFAULT false NOT NULL,
	"legacy_portal" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_cpf_unique" UNIQUE("cpf")
);
--> statement-breakpoint
CREATE TABLE "custom_sale_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observation_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_access_limits" (
	"venue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_access_limits_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_additionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"additional_product_id" uuid NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"minimum" integer DEFAULT 0 NOT NULL,
	"maximum" integer DEFAULT 0 NOT NULL,
	"can_be_free" boolean DEFAULT false NOT NULL,
	"free_quantity" integer DEFAULT 0 NOT NULL,
	"max_free" integer DEFAULT 0 NOT NULL,
	"name_in_parent" text DEFAULT '' NOT NULL,
	"value_in_parent_cents" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"max_per_category" integer DEFAULT 0 NOT NULL,
	"min_composition_product" integer DEFAULT 0 NOT NULL,
	"remote_printer" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_list_items" (
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "product_list_items_list_id_product_id_pk" PRIMARY KEY("list_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_observation_options" (
	"observation_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_observation_options_observation_id_option_id_pk" PRIMARY KEY("observation_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "product_observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"description" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"is_reservation" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"active" boolean DEFAULT false NOT NULL,
	"dont_show_in_kds" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"internal_code" text DEFAULT '' NOT NULL,
	"integration_code" text DEFAULT '' NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"tare_grams" integer DEFAULT 0 NOT NULL,
	"default_printer_id" text,
	"expire_minutes" integer,
	"max_per_user" integer,
	"sex_restriction" integer DEFAULT 0 NOT NULL,
	"event_id" text,
	"featured" boolean DEFAULT false NOT NULL,
	"hide_from_catalogue" boolean DEFAULT false NOT NULL,
	"controls_stock" boolean DEFAULT false NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"service_tax_exempt" boolean DEFAULT false NOT NULL,
	"adults_only" boolean DEFAULT false NOT NULL,
	"block_printing" boolean DEFAULT false NOT NULL,
	"is_composition" boolean DEFAULT false NOT NULL,
	"free_additionals_limit" integer DEFAULT 0 NOT NULL,
	"ask_general_note" boolean DEFAULT false NOT NULL,
	"ncm" text DEFAULT '' NOT NULL,
	"cest" text DEFAULT '' NOT NULL,
	"cfop" text DEFAULT '' NOT NULL,
	"custom_sale_menu_id" uuid,
	"store_id" uuid,
	"energy_group" integer DEFAULT 0 NOT NULL,
	"nutrition_class" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_available_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"day_of_week" integer NOT NULL,
	"start_hour" text NOT NULL,
	"end_hour" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_category_links" (
	"store_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "store_category_links_store_id_category_id_pk" PRIMARY KEY("store_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "store_sectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location_id" text
);
--> statement-breakpoint
CREATE TABLE "store_users" (
	"store_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "store_users_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "venue_owner_settings" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"issues_nfce" boolean DEFAULT false NOT NULL,
	"has_split" boolean DEFAULT false NOT NULL,
	"bank_data" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "food_config_store_categories" (
	"venue_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "food_config_store_categories_venue_id_category_id_pk" PRIMARY KEY("venue_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "food_configs" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"url_meep_food" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "food_configs_url_meep_food_unique" UNIQUE("url_meep_food")
);
--> statement-breakpoint
CREATE TABLE "marketplace_integrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"venue_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_venue_id_key_pk" PRIMARY KEY("venue_id","key")
);
--> statement-breakpoint
CREATE TABLE "kds_settings" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"print_server_url" text,
	"refresh_15s" boolean DEFAULT false NOT NULL,
	"age_warn_minutes" integer DEFAULT 5 NOT NULL,
	"age_late_minutes" integer DEFAULT 8 NOT NULL,
	"repeat_chime" boolean DEFAULT true NOT NULL,
	"chime_repeat_seconds" integer DEFAULT 10 NOT NULL,
	"last_order_code" integer DEFAULT 0 NOT NULL,
	"marketplace_open_time" boolean DEFAULT true NOT NULL,
	"marketplace_active" boolean DEFAULT true NOT NULL,
	"electronic_tabs" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kds_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"printer_name" text,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_state_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_state_id" integer,
	"to_state_id" integer NOT NULL,
	"command" text,
	"user_id" uuid,
	"timer_seconds" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"code" integer NOT NULL,
	"tracking_code" text NOT NULL,
	"external_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"origin" integer NOT NULL,
	"delivery_kind" integer NOT NULL,
	"store_id" uuid,
	"table_id" uuid,
	"table_name" text,
	"customer" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"note" text,
	"payment_type_id" integer NOT NULL,
	"pay_on_delivery" boolean DEFAULT false NOT NULL,
	"change_for_cents" integer,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"delivery_time_minutes" integer,
	"state_id" integer NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"timer_seconds" integer,
	"signal" boolean DEFAULT true NOT NULL,
	"printer_status" integer,
	"printer_status_at" timestamp with time zone,
	"carrier_id" uuid,
	"courier" jsonb,
	"delivery_mode" integer,
	"delivery_platform" integer,
	"courier_called" boolean DEFAULT false NOT NULL,
	"courier_external_id" text,
	"courier_sandbox" boolean DEFAULT false NOT NULL,
	"tracking_link" text,
	"cancellation" jsonb,
	CONSTRAINT "orders_tracking_code_unique" UNIQUE("tracking_code")
);
--> statement-breakpoint
CREATE TABLE "workflow_states" (
	"venue_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"name" text NOT NULL,
	"background_color" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "workflow_states_venue_id_state_id_pk" PRIMARY KEY("venue_id","state_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" integer NOT NULL,
	"imei" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_point_devices" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"sales_point_id" uuid NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"product_list_id" uuid,
	"systems" jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"order" integer DEFAULT 0 NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_addresses" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"city_id" integer,
	"latitude" text,
	"longitude" text
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"proposal_origin" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_sale_menus" ADD CONSTRAINT "custom_sale_menus_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_options" ADD CONSTRAINT "observation_options_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_access_limits" ADD CONSTRAINT "product_access_limits_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_access_limits" ADD CONSTRAINT "product_access_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_access_limits" ADD CONSTRAINT "product_access_limits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_additionals" ADD CONSTRAINT "product_additionals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_additionals" ADD CONSTRAINT "product_additionals_additional_product_id_products_id_fk" FOREIGN KEY ("additional_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_product_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_list_items" ADD CONSTRAINT "product_list_items_list_id_product_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."product_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_list_items" ADD CONSTRAINT "product_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lists" ADD CONSTRAINT "product_lists_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_observation_options" ADD CONSTRAINT "product_observation_options_observation_id_product_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."product_observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_observation_options" ADD CONSTRAINT "product_observation_options_option_id_observation_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."observation_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_observations" ADD CONSTRAINT "product_observations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_custom_sale_menu_id_custom_sale_menus_id_fk" FOREIGN KEY ("custom_sale_menu_id") REFERENCES "public"."custom_sale_menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_available_days" ADD CONSTRAINT "store_available_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_category_links" ADD CONSTRAINT "store_category_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_category_links" ADD CONSTRAINT "store_category_links_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sectors" ADD CONSTRAINT "store_sectors_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_owner_settings" ADD CONSTRAINT "venue_owner_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_config_store_categories" ADD CONSTRAINT "food_config_store_categories_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_config_store_categories" ADD CONSTRAINT "food_config_store_categories_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_configs" ADD CONSTRAINT "food_configs_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_integrations" ADD CONSTRAINT "marketplace_integrations_id_venues_id_fk" FOREIGN KEY ("id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kds_settings" ADD CONSTRAINT "kds_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kds_tables" ADD CONSTRAINT "kds_tables_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_state_history" ADD CONSTRAINT "order_state_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_state_history" ADD CONSTRAINT "order_state_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_id_kds_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."kds_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_states" ADD CONSTRAINT "workflow_states_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_point_devices" ADD CONSTRAINT "sales_point_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_point_devices" ADD CONSTRAINT "sales_point_devices_sales_point_id_sales_points_id_fk" FOREIGN KEY ("sales_point_id") REFERENCES "public"."sales_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_points" ADD CONSTRAINT "sales_points_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_points" ADD CONSTRAINT "sales_points_product_list_id_product_lists_id_fk" FOREIGN KEY ("product_list_id") REFERENCES "public"."product_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_addresses" ADD CONSTRAINT "venue_addresses_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_venue_idx" ON "memberships" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "custom_sale_menus_venue_idx" ON "custom_sale_menus" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "observation_options_venue_desc_idx" ON "observation_options" USING btree ("venue_id",lower("description"));--> statement-breakpoint
CREATE INDEX "product_access_limits_venue_idx" ON "product_access_limits" USING btree ("venue_id","user_id");--> statement-breakpoint
CREATE INDEX "product_additionals_product_idx" ON "product_additionals" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_additionals_additional_idx" ON "product_additionals" USING btree ("additional_product_id");--> statement-breakpoint
CREATE INDEX "product_categories_venue_idx" ON "product_categories" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "product_categories_parent_idx" ON "product_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_lists_venue_idx" ON "product_lists" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "product_observations_product_idx" ON "product_observations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_venue_idx" ON "products" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "products_venue_search_idx" ON "products" USING btree ("venue_id","search_name","id");--> statement-breakpoint
CREATE INDEX "products_venue_category_idx" ON "products" USING btree ("venue_id","category_id","search_name");--> statement-breakpoint
CREATE INDEX "products_venue_type_idx" ON "products" USING btree ("venue_id","type","search_name");--> statement-breakpoint
CREATE INDEX "products_store_idx" ON "products" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_available_days_store_idx" ON "store_available_days" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_categories_venue_idx" ON "store_categories" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "store_sectors_store_idx" ON "store_sectors" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_users_user_idx" ON "store_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "food_config_store_categories_category_idx" ON "food_config_store_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "food_configs_url_lower_idx" ON "food_configs" USING btree (lower("url_meep_food"));--> statement-breakpoint
CREATE INDEX "carriers_venue_idx" ON "carriers" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kds_tables_venue_name_idx" ON "kds_tables" USING btree ("venue_id","name");--> statement-breakpoint
CREATE INDEX "order_events_venue_idx" ON "order_events" USING btree ("venue_id","id");--> statement-breakpoint
CREATE INDEX "order_events_created_idx" ON "order_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_state_history_order_idx" ON "order_state_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_venue_code_idx" ON "orders" USING btree ("venue_id","code");--> statement-breakpoint
CREATE INDEX "orders_venue_created_idx" ON "orders" USING btree ("venue_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_venue_state_idx" ON "orders" USING btree ("venue_id","state_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "devices_venue_idx" ON "devices" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "sales_point_devices_sales_point_idx" ON "sales_point_devices" USING btree ("sales_point_id");--> statement-breakpoint
CREATE INDEX "sales_points_venue_idx" ON "sales_points" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "stores_venue_idx" ON "stores" USING btree ("venue_id","order");