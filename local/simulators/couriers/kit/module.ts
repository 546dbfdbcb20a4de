import type { CourierCredentials, CourierId } from '../../../../functions/domain/ports/courier';
import type { CourierSim, CourierSimOptions } from './sim';

/** What each simulator file exports, so local mode starts and seeds every courier from one list. */
export interface CourierSimModule {
  id: CourierId;
  /** Default port in local mode; `DAKIYA_<ID>_PORT` overrides it. */
  localPort: number;
  /** Credentials the simulator accepts out of the box; local mode seeds a tracking account with them. */
  demoCredentials: CourierCredentials;
  /** The demo shop's tracking account with this courier (besides its credentials). */
  demoAccount: { account_name: string; weight: number; city: string; [field: string]: string | number };
  start(options: CourierSimOptions): Promise<CourierSim<CourierCredentials>>;
}
