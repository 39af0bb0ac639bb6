-- The assistant answers a customer asking about a car already in the shop from its open repair
-- order: the lane it is in and, when the store promised one, the time it should be ready.
-- Like the other replies, they are editable group templates of every enterprise; enterprises
-- created later get them from the trigger of 00006, which copies every default.
INSERT INTO assistant_reply_default (intent, title, body) VALUES
  ('RO_STATUS', 'Assistant: repair order status', 'Your vehicle (repair order ${repairOrder.number}) is at this stage: ${repairOrder.lane}. It is promised for ${repairOrder.promised}.'),
  ('RO_STATUS_NO_PROMISE', 'Assistant: repair order status, no promised time', 'Your vehicle (repair order ${repairOrder.number}) is at this stage: ${repairOrder.lane}. Your advisor will let you know when it is ready.');

INSERT INTO custom_template (enterprise_id, service_type, title, body, intent)
  SELECT e.id, 'CHECK_UP', d.title, d.body, d.intent FROM enterprise e
  CROSS JOIN assistant_reply_default d WHERE d.intent IN ('RO_STATUS', 'RO_STATUS_NO_PROMISE');
