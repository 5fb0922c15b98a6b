/**
 * The realtime bench's child processes (the server, the socket clients): `bench/realtime.ts` run
 * again in a role, with its open-file limit raised to the hard limit (10,000 sockets need as many
 * descriptors) and an IPC channel on which the parent asks and the child answers, one request
 * at a time per kind, matched by id.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = 'bench/realtime.ts';
// Only what Node and the OS need: the developer's shell must not leak DATABASE_URL, REDIS_URL,
// NODE_OPTIONS… into the children.
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ'];

/** What the parent sends: a request of some kind, with an id the answer repeats. */
export interface Request {
  id: number;
  type: string;
}

interface Answer {
  id: number;
  error?: string;
}

export interface RoleProcess {
  child: ChildProcess;
  /** The last lines the child wrote to stderr, for the error when it dies. */
  stderr(): string;
  ask<A extends Answer>(request: Omit<Request, 'id'> & Record<string, unknown>): Promise<A>;
  exited: Promise<number | null>;
  /** SIGTERM, SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** `node [nodeArgs] --import tsx bench/realtime.ts <role>`, with `env` and nothing else. */
export function spawnRole(
  role: '--serve' | '--clients',
  opts: { env?: Record<string, string>; nodeArgs?: string[]; stdout?: 'inherit' | number },
): RoleProcess {
  const env: Record<string, string> = {};
  for (const key of INHERITED) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  Object.assign(env, opts.env);
  const node = [process.execPath, ...(opts.nodeArgs ?? []), '--import', 'tsx', ENTRY, role];
  // `exec` keeps the child's pid the node process's; an unraisable limit is left as it is.
  const raise = 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"';
  const stdio: StdioOptions = ['ignore', opts.stdout ?? 'inherit', 'pipe', 'ipc'];
  const child: ChildProcess = spawn('/bin/sh', ['-c', raise, 'sh', ...node], {
    cwd: ROOT,
    env,
    stdio,
  });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  let nextId = 0;
  const pending = new Map<number, { resolve(a: Answer): void; reject(e: Error): void }>();
  child.on('message', (answer: Answer) => {
    const waiter = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiter?.reject(new Error(answer.error));
    else waiter?.resolve(answer);
  });
  void exited.then((code) => {
    for (const waiter of pending.values())
      waiter.reject(new Error(`${role} child exited (${code}):\n${err}`));
    pending.clear();
  });

  return {
    child,
    stderr: () => err,
    exited,
    ask<A extends Answer>(request: Omit<Request, 'id'> & Record<string, unknown>) {
      const id = ++nextId;
      return new Promise<A>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (a: Answer) => void, reject });
        child.send({ ...request, id });
      });
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(kill);
    },
  };
}

/**
 * The child's side: answers each request with `handle`'s result (or its error), and exits
 * when the parent goes away.
 */
export function answerRequests(handle: (request: Request) => Promise<object>) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (request: Request) => {
    handle(request).then(
      (answer) => process.send?.({ ...answer, id: request.id }),
      (err: unknown) => process.send?.({ id: request.id, error: String(err) }),
    );
  });
}
