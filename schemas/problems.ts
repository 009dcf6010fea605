/** Bad content is reported as `file → key path: what is wrong`, all problems at once. */
import { LIMITS } from './limits';

export interface ContentProblem {
  /** The file (or document) the problem is in, as the user knows it. */
  readonly file: string;
  /** Dotted key path with array indexes, e.g. `items[2].question`; '' for the whole file. */
  readonly path: string;
  readonly message: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, segment) => {
    if (typeof segment === 'number') return `${out}[${segment}]`;
    return out ? `${out}.${String(segment)}` : String(segment);
  }, '');
}

export function describeProblem(problem: ContentProblem): string {
  return problem.path
    ? `${problem.file} → ${problem.path}: ${problem.message}`
    : `${problem.file}: ${problem.message}`;
}

/**
 * The first `limit` problems, one per line, then how many more there are: a file with
 * 100,000 unknown keys gives a readable report, not megabytes of output.
 */
function describeProblems(
  problems: readonly ContentProblem[],
  limit: number = LIMITS.problemsShown,
): string {
  const lines = problems.slice(0, limit).map(describeProblem);
  const rest = problems.length - lines.length;
  if (rest > 0) lines.push(`… and ${rest} more problem${rest === 1 ? '' : 's'}`);
  return lines.join('\n');
}

export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(describeProblems(problems));
    this.name = 'ContentError';
    this.problems = problems;
  }
}
