ALTER TABLE "products" ADD COLUMN "fruit_veg_nuts" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hfss_category" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "qualifying_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "premises_licence" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "supervisor" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "licensed_hours" jsonb DEFAULT '{"1":["08:00","23:00"],"2":["08:00","23:00"],"3":["08:00","23:00"],"4":["08:00","23:00"],"5":["08:00","23:00"],"6":["08:00","23:00"],"7":["08:00","23:00"]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fruit_veg_nuts_check" CHECK ("products"."fruit_veg_nuts" is null or "products"."fruit_veg_nuts" between 0 and 100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hfss_category_check" CHECK ("products"."hfss_category" in ('soft-drinks','savoury-snacks','breakfast-cereals','confectionery','ice-cream','cakes','sweet-biscuits','morning-goods','desserts-puddings','sweetened-yoghurt','pizza','potato-products','ready-meals'));