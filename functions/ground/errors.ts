import { ERRORS, type ErrorBody, type ErrorCode, type ErrorItem } from '@dakiya/shared';

/** The only error the domain throws: a catalogue code, optionally a more precise message and field. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param?: string;
  readonly extra?: Partial<Pick<ErrorBody, 'plan_limit_error' | 'message' | 'tracking_number' | 'retry_after' | 'details'>>;
  /** Further problems of the same request (every invalid field), listed after the first. */
  readonly more: ErrorItem[];
  /** Response headers the answer needs (a 405's Allow). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, opts: { msg?: string; param?: string; extra?: AppError['extra']; more?: ErrorItem[]; headers?: Record<string, string> } = {}) {
    super(opts.msg ?? ERRORS[code].msg);
    this.code = code;
    this.status = ERRORS[code].status;
    this.param = opts.param;
    this.extra = opts.extra;
    this.more = opts.more ?? [];
    this.headers = opts.headers ?? {};
  }

  toBody(requestId?: string): ErrorBody {
    const item = { msg: this.message, code: this.code, ...(this.param ? { param: this.param } : {}) };
    return { errors: [item, ...this.more], ...this.extra, ...(requestId && this.status >= 500 ? { request_id: requestId } : {}) };
  }
}

export const fail = (code: ErrorCode, opts?: ConstructorParameters<typeof AppError>[1]): never => {
  throw new AppError(code, opts);
};

/** The catalogue's plan-limit refusal, with the `plan_limit_error` flag the screens open their modal on. */
export function planLimitError(): AppError {
  return new AppError('PLAN_LIMIT_REACHED', { extra: { plan_limit_error: true, message: 'Kindly upgrade your plan' } });
}
