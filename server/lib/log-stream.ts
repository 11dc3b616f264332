/**
 * Where the server's log lines go: standard output, written without ever blocking the event loop. Node writes to a
 * pipe synchronously on Linux, so when whatever read the server's output has gone but the pipe stays open (a parent
 * process that exited, a terminal closed), the pipe fills and the next log line would block the process for good:
 * no request is answered and SIGTERM is never handled. Here lines queue in memory (at most
 * `maxBytes`; beyond that they are dropped and counted) and go out through libuv's thread pool; an error writing
 * (EPIPE once the reader is gone) drops what is queued instead of throwing.
 */
import { write } from 'node:fs';

export interface LogStream {
  write(line: string): void;
  /** Lines dropped because the output was full or gone. */
  readonly dropped: number;
}

export function nonBlockingStdout(fd = 1, maxBytes = 4 * 1024 * 1024): LogStream {
  let queue: string[] = [];
  let queued = 0;
  let writing = false;
  let dropped = 0;
  const pump = () => {
    if (queue.length === 0) {
      writing = false;
      return;
    }
    writing = true;
    const chunk = queue.join('');
    queue = [];
    queued = 0;
    write(fd, chunk, (err) => {
      if (err) dropped += 1;
      pump();
    });
  };
  return {
    write(line) {
      if (queued + line.length > maxBytes) {
        dropped += 1;
        return;
      }
      queue.push(line);
      queued += line.length;
      if (!writing) pump();
    },
    get dropped() {
      return dropped;
    },
  };
}
