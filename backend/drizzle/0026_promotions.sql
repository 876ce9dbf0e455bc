CREATE TABLE "product_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"offer_price" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"product_ids" uuid[] NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"free" integer DEFAULT 0 NOT NULL,
	"was_price" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('multibuy', 'buy_get_free', 'reduction')),
	CONSTRAINT "promotions_period_check" CHECK ("promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_terms_check" CHECK ("promotions"."quantity" >= 1 and "promotions"."price" >= 0 and "promotions"."free" >= 0 and cardinality("promotions"."product_ids") >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "charged" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "saving" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "savings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_product_at_idx" ON "product_prices" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "promotions_ends_at_idx" ON "promotions" USING btree ("ends_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_prices" ("product_id", "offer_price", "vat_basis_points", "at") SELECT "id", "offer_price", "vat_basis_points", "created_at" FROM "products";--> statement-breakpoint
CREATE FUNCTION "larder_record_product_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The shop's clock when the writer gave it (set_config('larder.now', ..., true) in its transaction), else now().
  IF TG_OP = 'INSERT' OR NEW.offer_price IS DISTINCT FROM OLD.offer_price
     OR NEW.vat_basis_points IS DISTINCT FROM OLD.vat_basis_points THEN
    INSERT INTO "product_prices" ("product_id", "offer_price", "vat_basis_points", "at")
    VALUES (NEW.id, NEW.offer_price, NEW.vat_basis_points,
            coalesce(nullif(current_setting('larder.now', true), '')::timestamptz, now()));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_record_price" AFTER INSERT OR UPDATE OF "offer_price", "vat_basis_points" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "larder_record_product_price"();
