CREATE TABLE "delivery_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"delivery_date" date NOT NULL,
	"delivery_time" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"note" text,
	"staff_id" uuid,
	"staff_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_outcomes_outcome_check" CHECK ("delivery_outcomes"."outcome" in ('delivered', 'failed_delivery')),
	CONSTRAINT "delivery_outcomes_reason_check" CHECK (("delivery_outcomes"."outcome" = 'failed_delivery') = ("delivery_outcomes"."reason" is not null) and "delivery_outcomes"."reason" in ('not_at_home', 'refused', 'wrong_address', 'unsafe', 'other'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_fulfilment_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_cash" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_card" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "id_check" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failed_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failed_note" text;--> statement-breakpoint
ALTER TABLE "delivery_outcomes" ADD CONSTRAINT "delivery_outcomes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_outcomes_run_idx" ON "delivery_outcomes" USING btree ("delivery_date","delivery_time");--> statement-breakpoint
CREATE INDEX "delivery_outcomes_order_idx" ON "delivery_outcomes" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collected_check" CHECK (("orders"."collected_cash" is null) = ("orders"."collected_card" is null) and "orders"."collected_cash" >= 0 and "orders"."collected_card" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_check_check" CHECK ("orders"."id_check" in ('passed', 'failed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_failed_reason_check" CHECK ("orders"."failed_reason" is null or ("orders"."failed_reason" in ('not_at_home', 'refused', 'wrong_address', 'unsafe', 'other') and "orders"."fulfilment" = 'failed_delivery'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_check" CHECK ("orders"."fulfilment" in ('placed', 'picking', 'picked', 'out_for_delivery', 'delivered', 'failed_delivery'));