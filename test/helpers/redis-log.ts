import type { Redis } from 'ioredis';

/** A command a test's Redis client sent: its name, its arguments, and whether its answer came back. */
export interface SentCommand {
  name: string;
  args: string[];
  done: boolean;
}

/** Logs every command `client` sends from now on (its `sendCommand` wrapped); the array fills as it sends. */
export function logCommands(client: Redis): SentCommand[] {
  const log: SentCommand[] = [];
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    const entry: SentCommand = { name: command.name, args: command.args.map(String), done: false };
    log.push(entry);
    const done = () => {
      entry.done = true;
    };
    command.promise.then(done, done);
    return send(command, stream);
  };
  return log;
}
