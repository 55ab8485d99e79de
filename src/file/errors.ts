import { PriceCatalogError } from '../index.js';

/** Why the state directory could not answer. */
export type StateFileProblem = 'corrupt' | 'lock-timeout' | 'io';

/**
 * The state directory of `fileCoordination` could not answer: a state file that does not parse
 * (torn or edited by hand; it is never read as zero), a lock held past the wait allowed, or the
 * file system refusing. The call was not sent: without the shared count the SDK fails closed.
 */
export class StateFileError extends PriceCatalogError {
  override name = 'StateFileError';
  /** The file concerned (never a secret: file names carry no token or client id). */
  readonly path: string;
  readonly problem: StateFileProblem;

  constructor(message: string, path: string, problem: StateFileProblem, options?: { cause?: unknown }) {
    super(message, options);
    this.path = path;
    this.problem = problem;
  }
}
