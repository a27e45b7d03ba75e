-- The lease (node and acquisition) under which a room's row was last written. A node writes a
-- room only while the row names its own lease, and never to an older event number, so a node
-- that lost a room to another can no longer commit to it (see docs/deployment.md).
ALTER TABLE rooms ADD COLUMN owner TEXT NOT NULL DEFAULT '';
