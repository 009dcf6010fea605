/** Bad content is reported as `file → key path: what is wrong`, all problems at once. */

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

export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(problems.map(describeProblem).join('\n'));
    this.name = 'ContentError';
    this.problems = problems;
  }
}
