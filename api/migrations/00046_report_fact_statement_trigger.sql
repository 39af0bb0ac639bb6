-- The report rows follow messages once per INSERT statement instead of once per message.
--
-- The row trigger of 00020 ran a PL/pgSQL function for every text or e-mail: a locking read and an
-- update of the conversation's report row each. The message writer inserts in batches (a send, a
-- thread of replies, the seed's and imports' 500-row statements), so one statement trigger reads
-- the statement's new rows (a transition table), folds them per conversation and updates each
-- report row once. The figures are the same by definition:
--   contacted_on    the earliest text or e-mail to the customer;
--   responded_on    the earliest customer message; engaged_on the second earliest (ties count twice);
--   first_reply_on  the earliest text or e-mail to the customer after responded_on;
--   inbound_count / outbound_count  customer messages / messages to the customer.
-- The two earliest customer messages of the old row and of the statement hold the two earliest of
-- all; when the first customer message moves earlier, the first answer back is looked up again
-- over every message of the conversation (the statement's included), as before. A statement of one
-- message (the live path) takes a shorter way to the same figures: one update, nothing folded.

DROP TRIGGER report_fact_message ON message_instance;
DROP FUNCTION report_fact_on_message();

CREATE FUNCTION report_fact_on_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  one record;
  received boolean;
BEGIN
  SELECT count(*) INTO n FROM report_new_messages;
  IF n = 0 THEN RETURN NULL; END IF;
  IF n = 1 THEN
    -- One message (a send, a reply: the live path): one update of one row, no folding.
    SELECT future_service_interaction_id AS id, direction, message_type, created_on AS t INTO one FROM report_new_messages;
    IF one.message_type NOT IN ('SMS', 'EMAIL') THEN RETURN NULL; END IF;
    received := one.direction = 'RECEIVED';
    UPDATE report_interaction_fact f SET
        inbound_count = f.inbound_count + CASE WHEN received THEN 1 ELSE 0 END,
        outbound_count = f.outbound_count + CASE WHEN received THEN 0 ELSE 1 END,
        contacted_on = CASE WHEN received THEN f.contacted_on ELSE least(f.contacted_on, one.t) END,
        responded_on = CASE WHEN received THEN least(f.responded_on, one.t) ELSE f.responded_on END,
        engaged_on = CASE
          WHEN NOT received OR f.responded_on IS NULL THEN f.engaged_on
          WHEN one.t < f.responded_on THEN f.responded_on
          ELSE least(f.engaged_on, one.t)
        END,
        first_reply_on = CASE
          WHEN received AND (f.responded_on IS NULL OR one.t < f.responded_on) THEN
            (SELECT min(x.created_on) FROM message_instance x
              WHERE x.future_service_interaction_id = one.id
                AND x.direction IN ('SEND', 'SENT') AND x.message_type IN ('SMS', 'EMAIL') AND x.created_on > one.t)
          WHEN NOT received AND one.t > f.responded_on THEN least(f.first_reply_on, one.t)
          ELSE f.first_reply_on
        END
      WHERE f.future_service_interaction_id = one.id;
    RETURN NULL;
  END IF;
  -- Lock the statement's report rows in one order, so two writers never wait on each other crosswise.
  PERFORM 1 FROM report_interaction_fact f
    WHERE f.future_service_interaction_id IN (SELECT n.future_service_interaction_id FROM report_new_messages n WHERE n.message_type IN ('SMS', 'EMAIL'))
    ORDER BY f.future_service_interaction_id
    FOR UPDATE;
  WITH agg AS (
    SELECT n.future_service_interaction_id AS id,
      count(*) FILTER (WHERE n.direction = 'RECEIVED')::int AS inbound,
      count(*) FILTER (WHERE n.direction <> 'RECEIVED')::int AS outbound,
      min(n.created_on) FILTER (WHERE n.direction <> 'RECEIVED') AS first_out,
      (array_agg(n.created_on ORDER BY n.created_on) FILTER (WHERE n.direction = 'RECEIVED'))[1:2] AS received,
      array_agg(n.created_on) FILTER (WHERE n.direction <> 'RECEIVED') AS outs
    FROM report_new_messages n
    WHERE n.message_type IN ('SMS', 'EMAIL')
    GROUP BY n.future_service_interaction_id
  )
  UPDATE report_interaction_fact f SET
      inbound_count = f.inbound_count + a.inbound,
      outbound_count = f.outbound_count + a.outbound,
      contacted_on = least(f.contacted_on, a.first_out),
      responded_on = least(f.responded_on, a.received[1]),
      engaged_on = (SELECT x FROM unnest(ARRAY[f.responded_on, f.engaged_on] || a.received) x WHERE x IS NOT NULL ORDER BY x OFFSET 1 LIMIT 1),
      first_reply_on = CASE
        WHEN a.received[1] IS NOT NULL AND (f.responded_on IS NULL OR a.received[1] < f.responded_on) THEN
          (SELECT min(m.created_on) FROM message_instance m
            WHERE m.future_service_interaction_id = f.future_service_interaction_id
              AND m.direction IN ('SEND', 'SENT') AND m.message_type IN ('SMS', 'EMAIL') AND m.created_on > a.received[1])
        ELSE least(f.first_reply_on, (SELECT min(x) FROM unnest(a.outs) x WHERE x > f.responded_on))
      END
    FROM agg a
    WHERE f.future_service_interaction_id = a.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER report_fact_messages AFTER INSERT ON message_instance
  REFERENCING NEW TABLE AS report_new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION report_fact_on_messages();
