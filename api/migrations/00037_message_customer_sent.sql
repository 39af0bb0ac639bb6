-- "Was this customer texted or e-mailed lately?" is asked for every vehicle a planner lists and
-- every conversation the store starts: the store's sent messages of a customer, newest first.
CREATE INDEX message_customer_sent_idx ON message_instance (customer_id, created_on DESC) WHERE direction <> 'RECEIVED';
