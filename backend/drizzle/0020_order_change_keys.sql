CREATE TABLE "order_change_keys" (
	"order_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_change_keys_order_id_idempotency_key_pk" PRIMARY KEY("order_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "order_change_keys" ADD CONSTRAINT "order_change_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;