-- Recall leads are transferred into conversations by the planners' transfer runs (docs/data-sync.md,
-- "Transferring recall leads"): a run of planner code RECALL lists the leads it was given, each with
-- the reason it is left out (null: transferred), claims each lead in the transaction that creates its
-- interaction, and hands the interactions to the first outreach.

-- A run's list holds one item per vehicle for a planner, one per recall lead for a recall run (a
-- vehicle may have two recalls).
ALTER TABLE planner_run_item DROP CONSTRAINT planner_run_item_pkey;
ALTER TABLE planner_run_item ADD COLUMN recall_lead_id bigint;
CREATE UNIQUE INDEX planner_run_item_vehicle_key ON planner_run_item (run_id, service_vehicle_id) WHERE recall_lead_id IS NULL;
CREATE UNIQUE INDEX planner_run_item_recall_key ON planner_run_item (run_id, recall_lead_id) WHERE recall_lead_id IS NOT NULL;

-- What became of a lead: the conversation it started, when, by which run; or why the last run left
-- it out (it stays NEW and may be transferred again).
ALTER TABLE recall_lead
  ADD COLUMN future_service_interaction_id bigint REFERENCES future_service_interaction(id),
  ADD COLUMN transferred_on timestamptz,
  ADD COLUMN run_id bigint REFERENCES planner_run(id),
  ADD COLUMN left_out_reason text;
CREATE INDEX recall_lead_interaction_idx ON recall_lead (future_service_interaction_id) WHERE future_service_interaction_id IS NOT NULL;
CREATE INDEX recall_lead_store_status_idx ON recall_lead (store_id, status, id);

-- The first text of a recall conversation: the recall's own words (an editable group template of
-- service type RECALL with intent INITIATE, which wins over the generic first text).
INSERT INTO ref_service_type (code) VALUES ('RECALL') ON CONFLICT DO NOTHING;
CREATE TABLE recall_initiate_default (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  title text NOT NULL,
  body text NOT NULL
);
INSERT INTO recall_initiate_default (title, body) VALUES (
  'Assistant: first text of a recall',
  'Hi ${customer.firstName}, this is ${assistant.firstName} at ${office.name}. The manufacturer has issued recall ${recall.campaign} for your ${service.vehicle}: ${recall.description}. The repair is free of charge. Reply with a day and time that suit you and we will book it. Reply STOP to opt out.'
);
INSERT INTO custom_template (enterprise_id, service_type, title, body, intent)
  SELECT e.id, 'RECALL', d.title, d.body, 'INITIATE' FROM enterprise e CROSS JOIN recall_initiate_default d;

CREATE OR REPLACE FUNCTION enterprise_assistant_templates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO custom_template (enterprise_id, service_type, title, body, intent)
    SELECT NEW.id, 'CHECK_UP', d.title, d.body, d.intent FROM assistant_reply_default d;
  INSERT INTO custom_template (enterprise_id, service_type, title, body, intent)
    SELECT NEW.id, 'RECALL', d.title, d.body, 'INITIATE' FROM recall_initiate_default d;
  RETURN NEW;
END
$$;
