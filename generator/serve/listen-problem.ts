import { UsageProblemError } from '../errors.ts';

/**
 * What a server's refusal to start means, for `site serve` and `site dev`: a problem with
 * what to do about it, or null for an error that is not the address's (left unexpected;
 * a watcher's EACCES, say, is a folder's, not the port's).
 */
export function listenProblem(error: unknown, where: { host: string; port: number }): UsageProblemError | null {
  const { host, port } = where;
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (syscall !== 'listen' && syscall !== 'getaddrinfo') return null;
  switch (code) {
    case 'EADDRINUSE':
      return new UsageProblemError(`port ${port} is already in use`, { hint: 'Choose another with --port N (0 picks a free one).' });
    case 'EACCES':
    case 'EPERM':
      // Most systems keep the ports below 1024 for the administrator.
      return new UsageProblemError(`this user may not listen on port ${port}`, { hint: 'Choose a port from 1024 up, such as --port 8080 (0 picks a free one).' });
    case 'EADDRNOTAVAIL':
      return new UsageProblemError(`${host} is not an address of this machine`, { hint: 'Use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every network it is on).' });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UsageProblemError(`the host name ${host} was not found`, { hint: 'Give --host an address of this machine, such as 127.0.0.1, or a name that resolves to one.' });
    default:
      return null;
  }
}
