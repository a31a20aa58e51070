import type { JotformClient } from '../connectors/jotform/index.ts';
import type { Outside, Services } from '../services.ts';

/**
 * What `connectOutside` hands main.ts: the connectors, the form they serve, and how to end them.
 * Its own module, so that both live wiring (outside/index.ts) and sandbox mode (which the former
 * loads) name it without importing each other.
 */
export interface ConnectedOutside {
  mode: 'sandbox' | 'live';
  outside: Outside & { jotform: JotformClient };
  formId: string;
  awareDateQid: string | undefined;
  /** Called once the services exist (sandbox mode: demo seeding through them). */
  attach?(services: Services): void | Promise<void>;
  close(): Promise<void>;
}
