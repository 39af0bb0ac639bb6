-- Lead lists over a whole enterprise (a million conversations and more): each list's first page
-- and its capped count read a narrow index instead of every conversation of the place.

-- New (not started yet) and the automated list, newest or oldest first.
CREATE INDEX fsi_not_started_idx ON future_service_interaction (store_id, created_on DESC, id DESC)
  WHERE NOT conversation_initiated AND NOT conv_closed;
-- The follow-up list's leads with a userFollowup.
CREATE INDEX fsi_user_followup_idx ON future_service_interaction (store_id, id) WHERE user_followup IS NOT NULL;
-- Waiting on the dealership across several stores (global inbox 0), longest wait first.
CREATE INDEX fsi_waiting_all_idx ON future_service_interaction (last_message_received_date, id)
  WHERE response_reqd AND NOT conv_closed;
-- Customer marks by intent (contact later, opted out).
CREATE INDEX mark_customer_intent_idx ON mark (intent_type, customer_id) WHERE target = 'CUSTOMER';
-- TCPA: customers whose texts are blocked.
CREATE INDEX customer_block_sms_idx ON customer (id) WHERE block_sms;
-- Sorting by the customer's name.
CREATE INDEX customer_name_idx ON customer (lower(last_name), lower(first_name), id);
