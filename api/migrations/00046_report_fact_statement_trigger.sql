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
-- over every message of the conversation (the statement's included), as before.

DROP TRIGGER report_fact_message ON message_instance;
DROP FUNCTION report_fact_on_message();

CREATE FUNCTION report_fact_on_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
