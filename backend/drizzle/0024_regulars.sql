CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "standing_order_items" (
	"standing_order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"allow_substitutes" boolean DEFAULT true NOT NULL,
	CONSTRAINT "standing_order_items_standing_order_id_product_id_pk" PRIMARY KEY("standing_order_id","product_id"),
	CONSTRAINT "standing_order_items_quantity_check" CHECK ("standing_order_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address_id" uuid NOT NULL,
	"delivery_time" text NOT NULL,
	"weekday" integer NOT NULL,
	"every" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"skipping" boolean DEFAULT false NOT NULL,
	"age_confirmed" boolean DEFAULT false NOT NULL,
	"next_delivery" date NOT NULL,
	"last_delivery" date,
	"place_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_weekday_check" CHECK ("standing_orders"."weekday" between 1 and 7),
	CONSTRAINT "standing_orders_every_check" CHECK ("standing_orders"."every" in (1, 2)),
	CONSTRAINT "standing_orders_time_check" CHECK ("standing_orders"."delivery_time" in ('10:00 - 11:00', '11:00 - 12:00', '12:00 - 13:00'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "standing_order_id" uuid;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_items" ADD CONSTRAINT "standing_order_items_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_items" ADD CONSTRAINT "standing_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "standing_order_items_product_idx" ON "standing_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "standing_orders_user_idx" ON "standing_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "standing_orders_due_idx" ON "standing_orders" USING btree ("place_at") WHERE "standing_orders"."active";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_standing_order_date_key" ON "orders" USING btree ("standing_order_id","delivery_date");