/**
 * The lengths of the codes a person types, apart from the schemas that check them: the sign-in screens
 * import these without loading zod, so the first screen stays small and a lost schema chunk cannot
 * stop the form from drawing.
 */

/** An authenticator app's code has this many digits (the code input takes no more). */
export const TWO_FACTOR_CODE_DIGITS = 6;
/** The longest code a person may type where a recovery code is taken (the inputs stop there too). */
export const RECOVERY_CODE_MAX = 40;
