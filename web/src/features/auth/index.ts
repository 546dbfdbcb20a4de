export { SessionProvider } from './session/session-provider';
export { useSession, type Session } from './session/session-context';
export { LOAD_USER_ERROR } from './session/session-reducer';
