ALTER TABLE "orders" DROP CONSTRAINT "orders_refund_due_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_age_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "age_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- A paid order cancelled before this column existed is owed its whole amount; an order holding an 18+ line was
-- confirmed by its customer when placed (checkout required it).
UPDATE "orders" SET "refund_due" = "amount" WHERE "refund_due_at" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "age_confirmed" = true
 WHERE EXISTS (SELECT 1 FROM "order_items" i WHERE i."order_id" = o."id" AND i."age_restricted");--> statement-breakpoint
UPDATE "orders" SET "refund_due_at" = NULL WHERE "refund_due" = 0 AND "refund_due_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_due_check" CHECK ("orders"."refund_due" >= 0 and ("orders"."refund_due" = 0 or "orders"."is_paid") and (("orders"."refund_due_at" is null) = ("orders"."refund_due" = 0)));
--> statement-breakpoint
-- hand-written
-- Every change of an order its customer or the seller watches is an event: besides status, amount, date and
-- stage, its slot, payment, refund and lines (a change of lines always sets updated_at).
CREATE OR REPLACE FUNCTION "larder_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW."status" IS NOT DISTINCT FROM OLD."status"
     AND NEW."amount" IS NOT DISTINCT FROM OLD."amount"
     AND NEW."delivery_date" IS NOT DISTINCT FROM OLD."delivery_date"
     AND NEW."delivery_time" IS NOT DISTINCT FROM OLD."delivery_time"
     AND NEW."fulfilment" IS NOT DISTINCT FROM OLD."fulfilment"
     AND NEW."is_paid" IS NOT DISTINCT FROM OLD."is_paid"
     AND NEW."refund_due" IS NOT DISTINCT FROM OLD."refund_due"
     AND NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at" THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order_events" ("order_id") VALUES (NEW."id") RETURNING "id" INTO event_id;
  PERFORM pg_notify('larder_order_events', event_id::text);
  RETURN NULL;
END;
$$;
