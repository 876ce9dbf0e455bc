ALTER TABLE "orders" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
-- hand-written
-- Card orders paid after they were cancelled before this column existed are owed a refund too.
UPDATE "orders" SET "refund_due_at" = "updated_at" WHERE "status" = 'Cancelled' AND "is_paid";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_due_check" CHECK ("orders"."refund_due_at" is null or ("orders"."status" = 'Cancelled' and "orders"."is_paid"));
--> statement-breakpoint
-- hand-written
-- A refund falling due is a change the seller watches: it is written to order_events like the others (0009).
CREATE OR REPLACE FUNCTION "larder_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW."status" IS NOT DISTINCT FROM OLD."status"
     AND NEW."amount" IS NOT DISTINCT FROM OLD."amount"
     AND NEW."delivery_date" IS NOT DISTINCT FROM OLD."delivery_date"
     AND NEW."fulfilment" IS NOT DISTINCT FROM OLD."fulfilment"
     AND NEW."refund_due_at" IS NOT DISTINCT FROM OLD."refund_due_at" THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order_events" ("order_id") VALUES (NEW."id") RETURNING "id" INTO event_id;
  PERFORM pg_notify('larder_order_events', event_id::text);
  RETURN NULL;
END;
$$;
