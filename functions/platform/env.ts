import { parseEnv, type Env } from '../ground/env';

let cached: Env | undefined;
/** The only place that reads process.env in functions/ (STYLE.md §9): parsed once per cold start. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
