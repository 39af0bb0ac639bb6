-- Saved report filters ("report templates"), shared by the enterprise's managers: which report,
-- which BOCs, stores and service types, and optionally a rolling range of days.
CREATE TABLE report_template (
  id bigserial PRIMARY KEY,
  enterprise_id bigint NOT NULL REFERENCES enterprise(id),
  name text NOT NULL,
  report_key text NOT NULL,
  filter jsonb NOT NULL DEFAULT '{}',
  created_by bigint,
  created_on timestamptz NOT NULL DEFAULT now(),
  updated_on timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX report_template_name_idx ON report_template (enterprise_id, lower(name));
