-- A NOTIFY in a transaction serialises its commit with every other notifying commit in the
-- cluster, through the flush to disk: on every INSERT it made each new request wait for the
-- others. New requests are announced by the app after they commit (src/server/db/channels.ts);
-- the trigger keeps announcing changes to existing requests (viewed, claimed, paid, cancelled).
CREATE OR REPLACE TRIGGER payment_request_events AFTER UPDATE ON payment_request
  FOR EACH ROW EXECUTE FUNCTION collect_request_event();
