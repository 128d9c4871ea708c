// An SMTP server that takes every message and drops it, as a relay would (no parsing). In a
// process of its own: in the bench's process it shared autocannon's event loop, and every mail
// it took delayed the payers' measured /pay times while the reminders went out.
import { SMTPServer } from "smtp-server";

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on("end", () => callback());
  },
});
server.on("error", () => {});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.server.address().port }));
