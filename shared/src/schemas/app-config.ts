import { z } from '../zod';

/** Per-deploy values the web reads at run time, so one build serves every stage. */
export const AppConfig = z.object({
  /** Spec 000 §2 "Support page": the address people are told to email. */
  support_email: z.string(),
});
export type AppConfig = z.infer<typeof AppConfig>;
