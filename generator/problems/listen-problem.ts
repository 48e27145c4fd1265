import { UsageProblemError } from './errors.ts';

/**
 * A server of `site serve` or `site dev` that could not start, said as a problem with
 * what to do about it; null for any other error. Node's errors of listen() name the
 * address and port they were refused (the port only when one was asked for), and those of
 * the host name's lookup the name; anything else (a watcher's EACCES, say, a folder's) is
 * not the address's.
 */
export function listenProblem(error: unknown): UsageProblemError | null {
  if (!(error instanceof Error)) return null;
  const { code, syscall, address, port, hostname } = error as NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };
  const thePort = port === undefined ? 'the port' : `port ${port}`;
  if (syscall === 'listen')
    switch (code) {
      case 'EADDRINUSE':
        return new UsageProblemError(`${thePort} is already in use`, { hint: 'Choose another with --port N (0 picks a free one).', cause: error });
      case 'EACCES':
      case 'EPERM':
        // Most systems keep the ports below 1024 for the administrator.
        return new UsageProblemError(`this user may not listen on ${thePort}`, { hint: 'Choose a port from 1024 up, such as --port 8080 (0 picks a free one).', cause: error });
      case 'EADDRNOTAVAIL':
        return new UsageProblemError(`${address ?? 'the --host address'} is not an address of this machine`, {
          hint: 'Use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every network it is on).',
          cause: error,
        });
    }
  if (syscall === 'getaddrinfo' && (code === 'ENOTFOUND' || code === 'EAI_AGAIN'))
    return new UsageProblemError(`the host name ${hostname ?? 'given to --host'} was not found`, {
      hint: 'Give --host an address of this machine, such as 127.0.0.1, or a name that resolves to one.',
      cause: error,
    });
  return null;
}
