-- 0005_judgement_digests: a kept judgement says which bytes were judged.
-- An answer over MaxKeptAnswer (1 MiB) was kept only as a path, and regrade
-- judged whatever that path held then: other bytes, a file outside the
-- submissions directory through a link, or a missing file (JE). Judge now
-- keeps the SHA-256 of every file it judged and the directory it was judged
-- in; regrade judges a file only when its bytes have that digest, and only
-- inside that directory, as judge does.
-- Never edit this file once shipped: add 0006_name.sql instead.

-- The absolute path of the submissions directory (or the manifest's) that
-- file is relative to; NULL for a judgement kept before 0005.
ALTER TABLE judgements ADD COLUMN root TEXT;

-- The SHA-256, in lowercase hex, of the bytes judged (all of the file, as
-- judge read it); NULL when judge could not read the file, and for a
-- judgement kept before 0005.
ALTER TABLE judgements ADD COLUMN digest TEXT
    CHECK (digest IS NULL OR (length(digest) = 64 AND digest NOT GLOB '*[^0-9a-f]*'));
