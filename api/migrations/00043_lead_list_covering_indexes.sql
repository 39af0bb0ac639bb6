-- The open conversations of a store with the flags the lists test, so a list's capped count and its
-- semi-joins (handoff tracks, follow-ups, contact-later marks) read the index alone.
CREATE INDEX fsi_store_open_idx ON future_service_interaction (store_id, id)
  INCLUDE (conversation_initiated, response_reqd, appointment_set, total_inbound_count, service_type, lead_stage, ai_enabled)
  WHERE NOT conv_closed;
-- The custom search's own filters (service type, stage), open and closed alike.
CREATE INDEX fsi_store_type_stage_idx ON future_service_interaction (store_id, service_type, lead_stage)
  INCLUDE (ai_enabled, appointment_set, response_reqd, conv_closed);
-- The lists' customer search ("contains", any case) over names, e-mail, mobile number and customer
-- number: one trigram index over them all, read before the exact per-field test.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX customer_search_trgm_idx ON customer USING gin ((lower(
  coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(cellular, '') || ' ' || coalesce(custno, '')
)) gin_trgm_ops);
-- A search's customers to their conversations in the place, without reading each conversation.
CREATE INDEX fsi_customer_store_idx ON future_service_interaction (customer_id, store_id);
