-- Every change of the catalogue version (each catalogue write bumps it in its transaction) notifies the
-- channel larder_catalog at commit, so every API process reloads its cached product list.
CREATE OR REPLACE FUNCTION "larder_catalog_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('larder_catalog', NEW."version"::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "catalog_state_notify" ON "catalog_state";
--> statement-breakpoint
CREATE TRIGGER "catalog_state_notify" AFTER INSERT OR UPDATE ON "catalog_state"
  FOR EACH ROW EXECUTE FUNCTION "larder_catalog_notify"();
