ALTER TABLE "order_items" ADD COLUMN "allow_substitutes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "picked" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_price" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_vat_basis_points" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'placed' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_picked_check" CHECK ("order_items"."picked" is null or "order_items"."picked" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_check" CHECK (("order_items"."substitute_product_id" is null) = ("order_items"."substitute_quantity" is null)
        and ("order_items"."substitute_quantity" is null or "order_items"."substitute_quantity" > 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_check" CHECK ("orders"."fulfilment" in ('placed', 'picking', 'picked', 'out_for_delivery', 'delivered'));