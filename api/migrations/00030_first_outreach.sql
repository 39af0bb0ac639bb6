-- The assistant's first text of a conversation the dealership starts (a planner transfer, a lead
-- list's start, a follow-up campaign): it names the vehicle and the service it is due for and asks
-- for a day and time. Like the other replies it is an editable group template of every
-- enterprise; a template of the conversation's own service type with intent INITIATE wins.
INSERT INTO assistant_reply_default (intent, title, body) VALUES
  ('INITIATE', 'Assistant: first text of a service reminder',
   'Hi ${customer.firstName}, this is ${assistant.firstName} at ${office.name}. Your ${service.vehicle} is due for ${service.name}. Would you like to book a visit? Reply with a day and time that suit you. Reply STOP to opt out.');

INSERT INTO custom_template (enterprise_id, service_type, title, body, intent)
  SELECT e.id, 'CHECK_UP', d.title, d.body, d.intent FROM enterprise e
  CROSS JOIN assistant_reply_default d WHERE d.intent = 'INITIATE';

-- Who started a conversation, when, and what came of the first text (metadata.initiation holds the
-- outcome for lists); the lists of started conversations read this index.
CREATE INDEX fsi_initiated_customer_idx ON future_service_interaction (customer_id) WHERE conversation_initiated AND NOT conv_closed;

-- Lead-form conversations and booked appointments had their JSON written as a quoted string
-- (a text parameter cast to jsonb); they become the objects and arrays they always meant.
UPDATE future_service_interaction SET metadata = (metadata #>> '{}')::jsonb WHERE jsonb_typeof(metadata) = 'string';
UPDATE appointment SET service_packages = (service_packages #>> '{}')::jsonb WHERE jsonb_typeof(service_packages) = 'string';
