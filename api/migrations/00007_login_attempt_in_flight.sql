-- A sign-in attempt is recorded before its password is checked, so parallel guesses count at once:
-- `succeeded` is null while the check is under way (and counts as a failure until it ends).
ALTER TABLE login_attempt ALTER COLUMN succeeded DROP NOT NULL;
