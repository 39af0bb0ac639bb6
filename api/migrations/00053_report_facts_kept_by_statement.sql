-- The report rows of a statement that keeps them itself.
--
-- Texts from customers the store knows are looked up, stored and counted in one statement
-- (writeKnownSenderTexts). Folding that statement's rows again in the statement trigger of 00046
-- was a quarter of its time: a PL/pgSQL call with a transition table, a count, a locking read and
-- the folding update. The statement now updates the report rows in one more of its steps (the
-- same figures: they are customer texts received at the statement's now()) and marks itself with
-- a setting local to its transaction, which the trigger reads, clears and returns on. Every other
-- INSERT into message_instance is folded by the trigger as before.

CREATE OR REPLACE FUNCTION report_fact_on_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  one record;
  received boolean;
BEGIN
  -- A statement that folds its own messages into the report rows says so for itself (the
  -- inbound texts of known senders, api/src/services/conversations/messages/inbound.ts); the
  -- mark lasts for that one statement.
  IF current_setting('drivebay.report_facts_kept', true) = 'on' THEN
    PERFORM set_config('drivebay.report_facts_kept', 'off', true);
    RETURN NULL;
  END IF;
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
