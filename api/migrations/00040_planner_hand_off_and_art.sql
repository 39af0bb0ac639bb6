-- A transfer run hands its due vehicles either to the assistant's first outreach (TRANSFER) or to
-- people, with the assistant off and the conversation in the handoff list (HAND_OFF, the planner
-- form of POST /api/lisa/hand-off/manual-hand-off).
ALTER TABLE planner_run ADD COLUMN mode text NOT NULL DEFAULT 'TRANSFER' CHECK (mode IN ('TRANSFER', 'HAND_OFF'));

-- The runs one all-tabs run (POST /api/lisa/art) queued share its id and are worked one after
-- another, in id order, so a vehicle due on two tabs gets one conversation.
ALTER TABLE planner_run ADD COLUMN art_id uuid;
CREATE INDEX planner_run_art_idx ON planner_run (art_id, id) WHERE art_id IS NOT NULL;
