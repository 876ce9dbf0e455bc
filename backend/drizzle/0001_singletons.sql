-- The catalogue version counter and the default shipping settings (£3.99 below £40.00).
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "shop_settings" ("id", "shipping_charge", "shipping_threshold") VALUES (1, 399, 4000) ON CONFLICT ("id") DO NOTHING;
