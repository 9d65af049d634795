/**
 * Every resource module, in registration order.
 *
 *   for (const register of RESOURCES) register(router);
 */
import type { Router } from '../router.ts';
import { registerBroadcastMessages } from './broadcast-messages.ts';

export const RESOURCES: ReadonlyArray<(r: Router) => void> = [registerBroadcastMessages];
