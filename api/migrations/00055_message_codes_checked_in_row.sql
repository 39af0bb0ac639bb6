-- A message's type and notification type are checked in the row itself, as its direction is,
-- instead of by foreign keys to ref_message_type and ref_notification_type.
--
-- Every message stored ran both keys' checks: a query into each code table that locks the code's
-- row for the length of the writing transaction. On the embedded engine that was a fifth of the
-- statement that stores a batch of inbound texts (bench/RESULTS.md, 2026-11-29). A CHECK holds the
-- same rule (a message's codes come from the product's code lists, shared/src/codes.ts) at the cost
-- of comparing a string. The code tables stay: they hold the lists for joins and reports, filled
-- from the same lists at every migration. A code added to a list needs a migration that allows it
-- here; a test compares these checks with the lists.
ALTER TABLE message_instance
  DROP CONSTRAINT message_instance_message_type_fkey,
  DROP CONSTRAINT message_instance_notification_type_fkey,
  ADD CONSTRAINT message_instance_message_type_check CHECK (message_type IN (
    'EMAIL', 'SMS', 'INTERNAL', 'INTERNAL_NOTES', 'CALENDAR_INVITE', 'DEALROOM_MESSAGE_RESPONSE')),
  ADD CONSTRAINT message_instance_notification_type_check CHECK (notification_type IN (
    'MESSAGE_TO_CUSTOMER', 'MESSAGE_FROM_CUSTOMER', 'INTERNAL_NOTIFICATION', 'INTERNAL_NOTIFICATION_GM', 'INTERNAL_NOTES',
    'USER_INVITE', 'DEALROOM_MESSAGE_RESPONSE', 'CALL', 'SCHEDULE_INTERNAL_TASK', 'SCHEDULE_APPOINTMENT', 'VOICEMAIL_LEFT'));
