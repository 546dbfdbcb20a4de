import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file (infra/lib/ -> ../..), never from the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FUNCTIONS_DIR = join(REPO_ROOT, 'functions');
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');

/** `functions/<name>/handler.ts`: the Lambda entry of an endpoint group or a background function. */
export function handlerEntry(functionsDir: string, name: string): string {
  return join(functionsDir, name, 'handler.ts');
}

export function handlerExists(functionsDir: string, name: string): boolean {
  return existsSync(handlerEntry(functionsDir, name));
}
