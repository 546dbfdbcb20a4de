import { GENERIC_ERROR, isApiError } from '../../lib/api';
import { planLimitMessage } from '../../components/ui/plan-limit-dialog';
import type { FieldErrors } from '../../lib/validate';

/** What a failed create or update shows. */
export type SubmitProblem =
  /** 401 (and anything the app handles the same way): leave it to the app's one handler. */
  | { kind: 'app' }
  /** The free plan's 11th account: the 'Plan limit reached' modal. */
  | { kind: 'planLimit'; message: string }
  /**
   * Shown inline above the submit button: the courier refused the credentials (400), did not answer
   * (502), or anything else. Errors that name a field are shown next to it as well.
   */
  | { kind: 'inline'; message: string; tone: 'error' | 'warning'; fields: FieldErrors };

export function classifySubmitError(error: unknown): SubmitProblem {
  if (!isApiError(error)) {
    if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'app' };
    return { kind: 'inline', message: GENERIC_ERROR, tone: 'error', fields: {} };
  }
  if (error.status === 401) return { kind: 'app' };
  if (error.planLimitError || error.code === 'PLAN_LIMIT_REACHED') return { kind: 'planLimit', message: planLimitMessage(error.body) };
  const fields: FieldErrors = {};
  for (const item of error.body?.errors ?? []) {
    if (item.param && !fields[item.param]) fields[item.param] = item.msg;
  }
  // A courier that did not answer (502/503/504) or no answer at all: worth another try, not a mistake.
  const transient = error.status === 0 || error.status >= 502;
  return { kind: 'inline', message: error.message || GENERIC_ERROR, tone: transient ? 'warning' : 'error', fields };
}
