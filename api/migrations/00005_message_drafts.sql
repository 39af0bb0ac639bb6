-- Composer drafts, one per user and conversation, kept on the server so a reply started on one
-- tablet is there on the next. The draft carries the clientMessageId its message will be sent
-- with, so the same draft sent from two devices is still one message.
CREATE TABLE message_draft (
  user_id bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  future_service_interaction_id bigint NOT NULL REFERENCES future_service_interaction(id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('SMS', 'EMAIL', 'INTERNAL_NOTES')),
  subject text,
  content text NOT NULL,
  client_message_id uuid NOT NULL,
  -- When the user last edited it on their device (capped at the server's clock): the later edit
  -- wins, whichever device reaches the server first.
  updated_on timestamptz NOT NULL,
  PRIMARY KEY (user_id, future_service_interaction_id)
);
CREATE INDEX message_draft_client_message_idx ON message_draft (client_message_id);

-- A draft ends when its message is written, by whichever device, tab or retry sent it; doing it
-- here rather than in the send path covers every way a message is inserted.
CREATE FUNCTION message_draft_sent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_draft WHERE client_message_id = NEW.client_message_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER message_instance_ends_draft
  AFTER INSERT ON message_instance
  FOR EACH ROW WHEN (NEW.client_message_id IS NOT NULL)
  EXECUTE FUNCTION message_draft_sent();
