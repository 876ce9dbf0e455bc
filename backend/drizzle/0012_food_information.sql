ALTER TABLE "products" ADD COLUMN "allergens_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_quantity" numeric(11, 3) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nutrition" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "producer" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "dietary" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "age_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_quantity_check" CHECK ("products"."net_quantity" > 0 and "products"."net_quantity" <= 100000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('g','kg','ml','l','each'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dietary_check" CHECK ("products"."dietary" <@ array['vegetarian','vegan']::text[]);