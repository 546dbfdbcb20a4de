/**
 * A zod issue as a person reads it. Schemas give their own messages where a form shows them; where
 * one does not (an id, a query number), zod's default ("Invalid input: expected string, received
 * undefined") would reach the caller. It becomes "<Field> is required", "<Field> must be a number".
 */
export interface IssueLike {
  code: string;
  message: string;
  path: PropertyKey[];
  expected?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  /** What a size issue measured: 'string', 'array', 'number'... */
  origin?: unknown;
}

const UNITS: Record<string, string> = { string: ' characters', array: ' items', set: ' items', file: ' bytes' };

/** zod's own wording, never a schema's: every custom message here is a sentence of its own. */
export const ZOD_DEFAULT_MESSAGE = /^(Invalid input(:|$)|Too (small|big):|Invalid option:|Invalid (string|number|key|element|value):|Unrecognized keys?:)/;

const KINDS: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object', date: 'a date',
};

export function labelOf(path: PropertyKey[], fallback: string): string {
  const key = [...path].reverse().find((part) => typeof part === 'string') as string | undefined;
  const words = (key ?? fallback).replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-[\]]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This value';
}

export function issueMessage(issue: IssueLike, where: string): string {
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const label = labelOf(issue.path, where);
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return `${label} is required`;
      return `${label} must be ${KINDS[String(issue.expected)] ?? 'of another kind'}`;
    case 'too_small':
      return `${label} must be at least ${String(issue.minimum)}${UNITS[String(issue.origin)] ?? ''}`;
    case 'too_big':
      return `${label} must be at most ${String(issue.maximum)}${UNITS[String(issue.origin)] ?? ''}`;
    case 'unrecognized_keys':
      return `${label} has fields this request does not take`;
    default:
      return `${label} is not valid`;
  }
}
