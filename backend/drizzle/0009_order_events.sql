CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_created_idx" ON "order_events" USING btree ("created_at");--> statement-breakpoint
-- hand-written
-- Every change of an order that its customer or the seller watches (a new order; its status, amount, delivery
-- date or fulfilment stage) is written to order_events in the changing transaction and notified on the channel
-- larder_order_events at commit, so whichever replica holds a watcher's stream pushes the change. Any code path
-- that writes orders produces events without knowing about them.
CREATE OR REPLACE FUNCTION "larder_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW."status" IS NOT DISTINCT FROM OLD."status"
     AND NEW."amount" IS NOT DISTINCT FROM OLD."amount"
     AND NEW."delivery_date" IS NOT DISTINCT FROM OLD."delivery_date"
     AND NEW."fulfilment" IS NOT DISTINCT FROM OLD."fulfilment" THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order_events" ("order_id") VALUES (NEW."id") RETURNING "id" INTO event_id;
  PERFORM pg_notify('larder_order_events', event_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_event" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_event" AFTER INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "larder_order_event"();

