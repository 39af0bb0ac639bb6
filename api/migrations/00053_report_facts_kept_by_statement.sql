-- The report rows of a statement that keeps them itself.
--
-- Texts from customers the store knows are looked up, stored and counted in one statement
-- (writeKnownSenderTexts). Folding that statement's rows again in the statement trigger of 00046
-- was a quarter of its time: a PL/pgSQL call with a transition table, a count, a locking read and
-- the folding update. The statement now updates the report rows in one more of its steps (the
-- same figures: they are customer texts received at the statement's now()) and marks itself with
-- a setting local to its transaction, which the trigger reads, clears and returns on. Every other
-- INSERT into message_instance is folded by the trigger as before.
--
-- The function of 00046 is given the check at its start, as the first thing after its BEGIN.

DO $migration$
DECLARE
  def text := pg_get_functiondef('report_fact_on_messages()'::regprocedure);
  at text := E'BEGIN\n  SELECT count(*) INTO n FROM report_new_messages;';
BEGIN
  IF position(at IN def) = 0 THEN
    RAISE EXCEPTION 'report_fact_on_messages() does not start as migration 00046 wrote it';
  END IF;
  EXECUTE replace(def, at, E'BEGIN\n'
    '  -- A statement that folds its own messages into the report rows says so for itself (the\n'
    '  -- inbound texts of known senders); the mark lasts for that one statement.\n'
    '  IF current_setting(''drivebay.report_facts_kept'', true) = ''on'' THEN\n'
    '    PERFORM set_config(''drivebay.report_facts_kept'', ''off'', true);\n'
    '    RETURN NULL;\n'
    '  END IF;\n'
    '  SELECT count(*) INTO n FROM report_new_messages;');
END
$migration$;
