-- Reports read one row per conversation instead of scanning every message: when it was first
-- contacted, first answered by the customer, engaged (a second customer message), first answered
-- back after the customer's first message, and first booked. Triggers keep the row exact on every
-- write (in the writer's transaction), so a dashboard over millions of messages sums a few
-- thousand rows, and a summary and its detail rows read the same table.
--
-- "Contact" and "reply" are texts and e-mails only; internal notes, calendar cards and the like
-- never count. Times are the message's created_on, the instant the product recorded it.

CREATE TABLE report_interaction_fact (
  future_service_interaction_id bigint PRIMARY KEY REFERENCES future_service_interaction(id) ON DELETE CASCADE,
  enterprise_id bigint NOT NULL REFERENCES enterprise(id),
  boc_id bigint NOT NULL REFERENCES boc(id),
  store_id bigint NOT NULL REFERENCES store(id),
  service_type text NOT NULL,
  -- 'A': the conversation comes from a vehicle the customer bought here; 'B': service only.
  customer_type text NOT NULL CHECK (customer_type IN ('A', 'B')),
  contacted_on timestamptz,
  responded_on timestamptz,
  engaged_on timestamptz,
  first_reply_on timestamptz,
  appt_booked_on timestamptz,
  inbound_count integer NOT NULL DEFAULT 0,
  outbound_count integer NOT NULL DEFAULT 0,
  response_insight text
);
CREATE INDEX report_fact_contacted_idx ON report_interaction_fact (enterprise_id, contacted_on) WHERE contacted_on IS NOT NULL;
CREATE INDEX report_fact_responded_idx ON report_interaction_fact (enterprise_id, responded_on) WHERE responded_on IS NOT NULL;
CREATE INDEX report_fact_engaged_idx ON report_interaction_fact (enterprise_id, engaged_on) WHERE engaged_on IS NOT NULL;
CREATE INDEX report_fact_booked_idx ON report_interaction_fact (enterprise_id, appt_booked_on) WHERE appt_booked_on IS NOT NULL;

-- Appointment-status reports filter by enterprise stores and the appointment's start.
CREATE INDEX appointment_start_store_idx ON appointment (start_date, store_id);

-- A new conversation gets its row ----------------------------------------------------------------

CREATE FUNCTION report_fact_on_interaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_interaction_fact (future_service_interaction_id, enterprise_id, boc_id, store_id, service_type, customer_type, response_insight)
      SELECT NEW.id, b.enterprise_id, s.boc_id, NEW.store_id, NEW.service_type,
        CASE WHEN NEW.sale_id IS NOT NULL THEN 'A' ELSE 'B' END, NEW.response_insight
      FROM store s JOIN boc b ON b.id = s.boc_id WHERE s.id = NEW.store_id;
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
CREATE TRIGGER report_fact_interaction_insert AFTER INSERT ON future_service_interaction
  FOR EACH ROW EXECUTE FUNCTION report_fact_on_interaction();
CREATE TRIGGER report_fact_interaction_update AFTER UPDATE OF service_type, response_insight, sale_id, store_id ON future_service_interaction
  FOR EACH ROW
  WHEN (OLD.service_type IS DISTINCT FROM NEW.service_type OR OLD.response_insight IS DISTINCT FROM NEW.response_insight
    OR OLD.sale_id IS DISTINCT FROM NEW.sale_id OR OLD.store_id IS DISTINCT FROM NEW.store_id)
  EXECUTE FUNCTION report_fact_on_interaction();

-- Every text or e-mail moves the conversation's times --------------------------------------------

CREATE FUNCTION report_fact_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f report_interaction_fact%ROWTYPE;
  t timestamptz := NEW.created_on;
BEGIN
  SELECT * INTO f FROM report_interaction_fact WHERE future_service_interaction_id = NEW.future_service_interaction_id FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF NEW.direction = 'RECEIVED' THEN
    f.inbound_count := f.inbound_count + 1;
    -- Messages may arrive out of order (imports, seeding): keep the two earliest customer messages.
    IF f.responded_on IS NULL OR t < f.responded_on THEN
      f.engaged_on := f.responded_on;
      f.responded_on := t;
      -- The first answer back is the first outbound after the (new) first customer message.
      SELECT min(m.created_on) INTO f.first_reply_on FROM message_instance m
        WHERE m.future_service_interaction_id = NEW.future_service_interaction_id
          AND m.direction IN ('SEND', 'SENT') AND m.message_type IN ('SMS', 'EMAIL') AND m.created_on > t;
    ELSIF f.engaged_on IS NULL OR t < f.engaged_on THEN
      f.engaged_on := t;
    END IF;
  ELSE
    f.outbound_count := f.outbound_count + 1;
    IF f.contacted_on IS NULL OR t < f.contacted_on THEN f.contacted_on := t; END IF;
    IF f.responded_on IS NOT NULL AND t > f.responded_on AND (f.first_reply_on IS NULL OR t < f.first_reply_on) THEN
      f.first_reply_on := t;
    END IF;
  END IF;
  UPDATE report_interaction_fact SET
      inbound_count = f.inbound_count, outbound_count = f.outbound_count, contacted_on = f.contacted_on,
      responded_on = f.responded_on, engaged_on = f.engaged_on, first_reply_on = f.first_reply_on
    WHERE future_service_interaction_id = NEW.future_service_interaction_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_fact_message AFTER INSERT ON message_instance
  FOR EACH ROW WHEN (NEW.message_type IN ('SMS', 'EMAIL'))
  EXECUTE FUNCTION report_fact_on_message();

-- The first appointment booked in the conversation -------------------------------------------------

CREATE FUNCTION report_fact_on_appointment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_interaction_fact SET appt_booked_on = NEW.created_on
    WHERE future_service_interaction_id = NEW.future_service_interaction_id
      AND (appt_booked_on IS NULL OR NEW.created_on < appt_booked_on);
  RETURN NULL;
END
$$;
CREATE TRIGGER report_fact_appointment AFTER INSERT OR UPDATE OF future_service_interaction_id ON appointment
  FOR EACH ROW WHEN (NEW.future_service_interaction_id IS NOT NULL)
  EXECUTE FUNCTION report_fact_on_appointment();

-- What exists already ------------------------------------------------------------------------------

INSERT INTO report_interaction_fact (future_service_interaction_id, enterprise_id, boc_id, store_id, service_type, customer_type, response_insight,
    contacted_on, responded_on, engaged_on, first_reply_on, appt_booked_on, inbound_count, outbound_count)
SELECT i.id, b.enterprise_id, s.boc_id, i.store_id, i.service_type, CASE WHEN i.sale_id IS NOT NULL THEN 'A' ELSE 'B' END, i.response_insight,
  m.contacted_on, m.responded_on, m.engaged_on,
  (SELECT min(o.created_on) FROM message_instance o WHERE o.future_service_interaction_id = i.id
     AND o.direction IN ('SEND', 'SENT') AND o.message_type IN ('SMS', 'EMAIL') AND o.created_on > m.responded_on),
  (SELECT min(a.created_on) FROM appointment a WHERE a.future_service_interaction_id = i.id),
  coalesce(m.inbound_count, 0), coalesce(m.outbound_count, 0)
FROM future_service_interaction i
JOIN store s ON s.id = i.store_id
JOIN boc b ON b.id = s.boc_id
LEFT JOIN LATERAL (
  SELECT
    min(x.created_on) FILTER (WHERE x.direction <> 'RECEIVED') AS contacted_on,
    min(x.created_on) FILTER (WHERE x.direction = 'RECEIVED') AS responded_on,
    (array_agg(x.created_on ORDER BY x.created_on) FILTER (WHERE x.direction = 'RECEIVED'))[2] AS engaged_on,
    count(*) FILTER (WHERE x.direction = 'RECEIVED')::int AS inbound_count,
    count(*) FILTER (WHERE x.direction <> 'RECEIVED')::int AS outbound_count
  FROM message_instance x
  WHERE x.future_service_interaction_id = i.id AND x.message_type IN ('SMS', 'EMAIL')
) m ON true;
