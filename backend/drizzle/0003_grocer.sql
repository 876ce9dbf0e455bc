-- Stock counts, food information, trigram search, delivery-slot capacity and the e-mail outbox.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "delivery_slot_bookings" (
	"delivery_date" date NOT NULL,
	"delivery_time" text NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slot_bookings_delivery_date_delivery_time_pk" PRIMARY KEY("delivery_date","delivery_time"),
	CONSTRAINT "delivery_slot_bookings_booked_check" CHECK ("delivery_slot_bookings"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || category || ' ' || description::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "slot_capacity" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("products"."stock" is null or "products"."stock" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_allergens_check" CHECK ("products"."allergens" <@ array['celery','gluten','crustaceans','eggs','fish','lupin','milk','molluscs','mustard','nuts','peanuts','sesame','soya','sulphites']::text[]);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ingredients_check" CHECK ("products"."ingredients" is null or char_length("products"."ingredients") <= 2000);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_slot_capacity" CHECK ("shop_settings"."slot_capacity" between 1 and 1000);
--> statement-breakpoint
-- Orders placed before slots had a capacity keep their places.
INSERT INTO "delivery_slot_bookings" ("delivery_date", "delivery_time", "booked")
SELECT "delivery_date", "delivery_time", count(*)::integer FROM "orders" WHERE "status" <> 'Cancelled'
GROUP BY "delivery_date", "delivery_time";
