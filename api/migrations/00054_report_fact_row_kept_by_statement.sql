-- A new conversation's report row, when the statement that starts it writes the row itself.
--
-- First texts from numbers a store has never seen are stored by a statement of the same kind as
-- the one for known senders' texts (writeKnownSenderTexts): it creates the customer and the
-- conversation, stores the texts and writes the conversation's report row with those texts
-- already folded in, as it does for the report rows it updates (migration 00053). The row trigger
-- of 00020 then finds the row there and leaves it; every other new conversation gets its row from
-- the trigger as before.
--
-- The function of 00020 is given the conflict clause on its INSERT.

DO $migration$
DECLARE
  def text := pg_get_functiondef('report_fact_on_interaction()'::regprocedure);
  at text := E'WHERE s.id = NEW.store_id;\n  ELSE';
BEGIN
  IF position(at IN def) = 0 THEN
    RAISE EXCEPTION 'report_fact_on_interaction() does not read as migration 00020 wrote it';
  END IF;
  EXECUTE replace(def, at, E'WHERE s.id = NEW.store_id\n      ON CONFLICT (future_service_interaction_id) DO NOTHING;\n  ELSE');
END
$migration$;
