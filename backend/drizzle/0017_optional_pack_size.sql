ALTER TABLE "products" ALTER COLUMN "net_quantity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "net_quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "unit" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "unit" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_check" CHECK (("products"."net_quantity" is null) = ("products"."unit" is null));