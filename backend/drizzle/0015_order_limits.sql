ALTER TABLE "products" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_open_orders" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_per_order_check" CHECK ("products"."max_per_order" is null or "products"."max_per_order" between 1 and 99);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_max_open_orders" CHECK ("shop_settings"."max_open_orders" between 1 and 1000);