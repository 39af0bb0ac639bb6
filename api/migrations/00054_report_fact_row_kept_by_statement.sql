-- A new conversation's report row, when the statement that starts it writes the row itself.
--
-- First texts from numbers a store has never seen are stored by the same statement as the texts
-- of known senders (writeKnownSenderTexts): it creates the customer and the conversation, stores
-- the texts and writes the conversation's report row with those texts already folded in, as it
-- does for the report rows it updates (migration 00053). The row trigger of 00020 then finds the
-- row there and leaves it; every other new conversation gets its row from the trigger as before.
CREATE OR REPLACE FUNCTION report_fact_on_interaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_interaction_fact (future_service_interaction_id, enterprise_id, boc_id, store_id, service_type, customer_type, response_insight)
      SELECT NEW.id, b.enterprise_id, s.boc_id, NEW.store_id, NEW.service_type,
        CASE WHEN NEW.sale_id IS NOT NULL THEN 'A' ELSE 'B' END, NEW.response_insight
      FROM store s JOIN boc b ON b.id = s.boc_id WHERE s.id = NEW.store_id
      ON CONFLICT (future_service_interaction_id) DO NOTHING;
  ELSE
    UPDATE report_interaction_fact f SET
        service_type = NEW.service_type,
        response_insight = NEW.response_insight,
        customer_type = CASE WHEN NEW.sale_id IS NOT NULL THEN 'A' ELSE 'B' END,
        store_id = NEW.store_id,
        boc_id = s.boc_id,
        enterprise_id = b.enterprise_id
      FROM store s JOIN boc b ON b.id = s.boc_id
      WHERE s.id = NEW.store_id AND f.future_service_interaction_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
