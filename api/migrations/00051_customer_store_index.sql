-- customer_store_idx (store_id) is the leading column of customer_store_cellular_idx (store_id,
-- cellular), which serves every lookup by store as well; keeping both only made each new customer
-- (an import writes tens of thousands at once) update one more index.
DROP INDEX IF EXISTS customer_store_idx;
