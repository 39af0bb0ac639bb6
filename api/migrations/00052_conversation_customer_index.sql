-- fsi_customer_idx (customer_id) is the leading column of fsi_customer_store_idx (customer_id,
-- store_id), which serves every lookup by customer as well. A conversation's row is rewritten in
-- every index on each text it receives (its latest activity is indexed, so the update cannot stay
-- on its page), and one index fewer is one entry fewer written per text.
DROP INDEX IF EXISTS fsi_customer_idx;
