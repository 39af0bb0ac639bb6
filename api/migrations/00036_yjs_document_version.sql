-- Several sync processes may hold the same document (a store's clients reached two of them for a
-- moment). Each store of a document bumps its version; a process whose last read or write is no
-- longer the stored version merges its state with the stored one instead of replacing it.
ALTER TABLE yjs_document ADD COLUMN version bigint NOT NULL DEFAULT 0;
