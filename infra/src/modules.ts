import type { ServiceModule, TargetMap } from '@ruedas/platform';
import { moderation } from '@ruedas/moderation';

/** Every service, by the name of its target and subgraph. */
export const services = {
  moderation,
} satisfies Record<string, ServiceModule>;

export type ServiceName = keyof typeof services;
export type ModuleName = ServiceName | 'gateway';

/**
 * The target map. A service needs no other service in its process (they talk through events and
 * the gateway); the gateway reaches each subgraph in process when it runs here, or at its URL.
 * `all` runs every module in one process.
 */
export const targetMap: TargetMap<ModuleName> = {
  dependencies: {
    moderation: [],
    gateway: [],
  },
};

export const isService = (name: ModuleName): name is ServiceName => name in services;
